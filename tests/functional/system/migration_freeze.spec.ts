import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { SCHEMA_SNAPSHOT_PATH, schemaSnapshot } from '#database/schema_snapshot'

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
    const path = app.makePath(SCHEMA_SNAPSHOT_PATH)
    if (process.env.UPDATE_SCHEMA_SNAPSHOT === '1') writeFileSync(path, migrated)
    const recorded = readFileSync(path, 'utf8')
    const [first] = migrated
      .split('\n')
      .map((line, index) => ({ line, index, recorded: recorded.split('\n')[index] }))
      .filter(({ line, recorded: other }) => line !== other)
    assert.isUndefined(
      first,
      first &&
        `line ${first.index + 1} differs from ${SCHEMA_SNAPSHOT_PATH}:\n  migrated: ${first.line}\n  recorded: ${first.recorded}`
    )
    assert.equal(migrated, recorded)
  })
})
