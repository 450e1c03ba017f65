import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'

test.group('Search indexes', () => {
  test('every GIN index takes its entries at once: no pending list a search must scan', async ({
    assert,
  }) => {
    const { rows } = await db.rawQuery(
      `SELECT c.relname AS name, coalesce(c.reloptions, '{}') AS options
         FROM pg_class c
         JOIN pg_am a ON a.oid = c.relam
         JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE a.amname = 'gin' AND n.nspname = 'public'`
    )
    assert.isAbove(rows.length, 20, 'the trigram indexes of the searches')
    assert.deepEqual(
      rows.filter((row: { options: string[] }) => !row.options.includes('fastupdate=off')),
      [],
      'a GIN index with a pending list (fastupdate) makes every search scan it'
    )
  })
})
