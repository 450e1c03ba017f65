import { readFile } from 'node:fs/promises'
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import db from '@adonisjs/lucid/services/db'
import IndexSeeder from '#database/seeders/main/index_seeder'
import { DEMO_ONBOARDING_LINK_FILE } from '#database/seeders/demo/onboarding'

const TABLES = ['onboardings', 'onboarding_documents', 'onboarding_form_fields', 'contracts']

async function counts() {
  const result: Record<string, number> = {}
  for (const table of TABLES) {
    const { rows } = await db.rawQuery(`SELECT count(*)::int AS n FROM ${table}`)
    result[table] = rows[0].n
  }
  return result
}

test.group('Onboarding / demo data', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => limiter.clear(['memory']))

  test('the demo onboarding is idempotent and its printed link opens it', async ({
    client,
    assert,
  }) => {
    await new IndexSeeder(db.connection()).run()
    const first = await counts()
    await new IndexSeeder(db.connection()).run()
    assert.deepEqual(await counts(), first)

    const link = (await readFile(app.makePath(DEMO_ONBOARDING_LINK_FILE), 'utf8')).trim()
    const token = link.split('/public/onboarding/')[1]
    const response = await client.get(`/api/v1/onboarding/${token}`).bearerToken(token)
    response.assertStatus(200)
    assert.lengthOf(response.body().data.documents, 2)
    assert.deepEqual(
      response.body().data.formFields.map((field: any) => field.label),
      ['Endereço da contratada']
    )
    assert.equal(response.body().data.provider.name, 'Beta Consultoria Ltda')
  })
})
