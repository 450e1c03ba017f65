import { readdirSync, readFileSync } from 'node:fs'
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { SCHEMA_SNAPSHOT_PATH, schemaSnapshot } from '#database/schema_snapshot'
import { assertRecorded } from '#tests/support/recorded_file'

/**
 * Migrations are frozen history: each keeps the exact SQL it ran (no
 * builder shared with another module), and a fresh migrate gives the
 * recorded schema. After adding a migration, record it with
 * `UPDATE_SCHEMA_SNAPSHOT=1 npm test -- --files tests/functional/system/migration_freeze.spec.ts`
 * (or `node ace schema:snapshot` on a freshly migrated database).
 */
const MIGRATIONS = app.makePath('database/migrations')

test.group('System / migrations are frozen history', () => {
  test('a migration imports nothing but the schema builder, and exports only itself', ({
    assert,
  }) => {
    for (const file of readdirSync(MIGRATIONS).filter((name) => name.endsWith('.ts'))) {
      const source = readFileSync(`${MIGRATIONS}/${file}`, 'utf8')
      const imports = [...source.matchAll(/^import .* from '([^']+)'/gm)].map((match) => match[1])
      assert.deepEqual(imports, ['@adonisjs/lucid/schema'], file)
      assert.notMatch(source, /^export (?!default)/m, `${file} exports a builder`)
    }
  })

  test('a fresh migrate builds exactly the recorded schema', async ({ assert }) => {
    const migrated = await schemaSnapshot(db.connection())
    assertRecorded(assert, migrated, {
      path: SCHEMA_SNAPSHOT_PATH,
      updateVariable: 'UPDATE_SCHEMA_SNAPSHOT',
      label: 'migrated',
    })
  })
})
