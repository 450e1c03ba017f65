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
      ['Endereço da contratada', 'Início das atividades', 'Porte da equipe', 'Observações']
    )
    assert.equal(response.body().data.provider.name, 'Beta Consultoria Ltda')
  })

  test('the demo form has a date, a select with options and a textarea field, each fillable', async ({
    client,
    assert,
  }) => {
    await new IndexSeeder(db.connection()).run()
    const link = (await readFile(app.makePath(DEMO_ONBOARDING_LINK_FILE), 'utf8')).trim()
    const token = link.split('/public/onboarding/')[1]
    const fields = (await client.get(`/api/v1/onboarding/${token}`).bearerToken(token)).body().data
      .formFields as any[]
    const ofType = (type: string) => {
      const found = fields.filter((field) => field.type === type)
      assert.lengthOf(found, 1, `one ${type} field`)
      return found[0]
    }
    const date = ofType('date')
    const select = ofType('select')
    const textarea = ofType('textarea')
    assert.isNull(date.options)
    assert.isNull(textarea.options)
    assert.isAbove(select.options.length, 1)
    for (const option of select.options) {
      assert.sameMembers(Object.keys(option), ['label', 'value'])
      assert.isString(option.label)
      assert.isString(option.value)
    }

    // each accepts a value of its type through A4, and refuses one of another type
    const save = (values: { id: string; value: string }[]) =>
      client.put(`/api/v1/onboarding/${token}/form`).bearerToken(token).json({ fields: values })
    ;(
      await save([
        { id: date.id, value: '2026-03-01' },
        { id: select.id, value: select.options[1].value },
        { id: textarea.id, value: 'Equipe própria.\nAtendimento remoto.' },
      ])
    ).assertStatus(200)
    ;(await save([{ id: date.id, value: '01/03/2026' }])).assertStatus(422)
    ;(await save([{ id: select.id, value: 'not-an-option' }])).assertStatus(422)
    const saved = (await client.get(`/api/v1/onboarding/${token}`).bearerToken(token)).body().data
      .formFields as any[]
    assert.deepEqual(
      [date.id, select.id, textarea.id].map((id) => saved.find((field) => field.id === id).value),
      ['2026-03-01', select.options[1].value, 'Equipe própria.\nAtendimento remoto.']
    )
  })
})
