import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import IndexSeeder from '#database/seeders/main/index_seeder'

const TABLES = ['users', 'companies', 'company_members', 'contracts', 'contract_parts']

async function counts() {
  const result: Record<string, number> = {}
  for (const table of TABLES) {
    const { rows } = await db.rawQuery(`SELECT count(*)::int AS n FROM ${table}`)
    result[table] = rows[0].n
  }
  return result
}

test.group('System / demo data', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the demo seeder is idempotent and its logins work', async ({ client, assert }) => {
    await new IndexSeeder(db.connection()).run()
    const first = await counts()
    await new IndexSeeder(db.connection()).run()
    assert.deepEqual(await counts(), first)

    const login = await client
      .post('/api/v1/auth/login')
      .json({ email: 'owner@acme.test', password: 'demo12345' })
    login.assertStatus(200)
  })
})
