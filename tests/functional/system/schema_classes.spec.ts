import { readFileSync, writeFileSync } from 'node:fs'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import ace from '@adonisjs/core/services/ace'
import db from '@adonisjs/lucid/services/db'

/**
 * The models extend the classes of database/schema.ts, which Lucid writes
 * from the migrated database (`node ace migration:run`, or
 * `node ace schema:generate`). A fresh migrate must give the checked-in
 * file: a migration without its regenerated classes fails here. After
 * adding a migration, write the file with
 * `UPDATE_SCHEMA_CLASSES=1 node ace test --files tests/functional/system/schema_classes.spec.ts`.
 */
const SCHEMA_CLASSES_PATH = 'database/schema.ts'

/** Runs `schema:generate` on the test database, into a scratch file; returns its text */
async function generateSchemaClasses() {
  const config = db.manager.get(db.primaryConnectionName)!.config
  const configured = config.schemaGeneration
  const scratch = await mkdtemp(join(tmpdir(), 'schema-classes-'))
  config.schemaGeneration = { ...configured, outputPath: join(scratch, 'schema.ts') }
  try {
    const command = await ace.exec('schema:generate', ['--compact-output'])
    if (command.exitCode !== 0) throw command.error ?? new Error('schema:generate failed')
    return await readFile(join(scratch, 'schema.ts'), 'utf8')
  } finally {
    config.schemaGeneration = configured
    await rm(scratch, { recursive: true, force: true })
  }
}

test.group('System / schema classes', () => {
  test('a fresh migrate generates the checked-in database/schema.ts', async ({ assert }) => {
    const generated = await generateSchemaClasses()
    const path = app.makePath(SCHEMA_CLASSES_PATH)
    if (process.env.UPDATE_SCHEMA_CLASSES === '1') writeFileSync(path, generated)
    const recorded = readFileSync(path, 'utf8')
    const [first] = generated
      .split('\n')
      .map((line, index) => ({ line, index, recorded: recorded.split('\n')[index] }))
      .filter(({ line, recorded: other }) => line !== other)
    assert.isUndefined(
      first,
      first &&
        `line ${first.index + 1} differs from ${SCHEMA_CLASSES_PATH} (regenerate it):\n  generated: ${first.line}\n  recorded:  ${first.recorded}`
    )
    assert.equal(generated, recorded)
  })
})
