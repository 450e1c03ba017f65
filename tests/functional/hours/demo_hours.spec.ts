import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import IndexSeeder from '#database/seeders/main/index_seeder'

const TABLES = [
  'work_entries',
  'work_entry_tasks',
  'retroactive_requests',
  'integration_connections',
  'integration_records',
]

async function counts() {
  const result: Record<string, number> = {}
  for (const table of TABLES) {
    const { rows } = await db.rawQuery(`SELECT count(*)::int AS n FROM ${table}`)
    result[table] = rows[0].n
  }
  return result
}

test.group('Hours / demo data', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('four weeks of entries, a pending request and an orphan record, idempotent', async ({
    assert,
  }) => {
    await new IndexSeeder(db.connection()).run()
    const first = await counts()
    assert.isAtLeast(first.work_entries, 38)
    assert.equal(first.work_entry_tasks, first.work_entries * 2)
    assert.equal(first.retroactive_requests, 1)
    assert.equal(first.integration_records, 1)
    await new IndexSeeder(db.connection()).run()
    assert.deepEqual(await counts(), first)
  })
})
