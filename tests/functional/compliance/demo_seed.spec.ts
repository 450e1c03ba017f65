import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import IndexSeeder from '#database/seeders/main/index_seeder'
import Company from '#models/company'
import User from '#models/user'

const TABLES = [
  'compliance_flows',
  'compliance_steps',
  'provider_compliance_flows',
  'provider_compliances',
  'step_compliances',
]

async function counts() {
  const result: Record<string, number> = {}
  for (const table of TABLES) {
    const { rows } = await db.rawQuery(`SELECT count(*)::int AS n FROM ${table}`)
    result[table] = rows[0].n
  }
  return result
}

test.group('Compliance / demo data', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the compliance demo is idempotent and Ana sees the current month', async ({
    client,
    assert,
  }) => {
    await new IndexSeeder(db.connection()).run()
    const first = await counts()
    await new IndexSeeder(db.connection()).run()
    assert.deepEqual(await counts(), first)
    assert.deepEqual(first, {
      compliance_flows: 1,
      compliance_steps: 2,
      provider_compliance_flows: 2,
      provider_compliances: 2,
      step_compliances: 4,
    })

    const acme = await Company.findByOrFail('document', '11222333000181')
    for (const email of ['ana@provider.test', 'beta@beta.test']) {
      const user = await User.findByOrFail('email', email)
      const response = await client
        .get('/api/v1/provider-compliances/current')
        .header('x-company-id', acme.id)
        .loginAs(user)
      response.assertStatus(200)
      assert.equal(response.body().total, 1)
      assert.deepEqual(
        response.body().data[0].steps.map((step: any) => step.status),
        ['pending', 'blocked']
      )
    }
  })
})
