import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from '@japa/runner'
import ace from '@adonisjs/core/services/ace'
import db from '@adonisjs/lucid/services/db'
import { assertRecorded } from '#tests/support/recorded_file'

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
    assertRecorded(assert, generated, {
      path: SCHEMA_CLASSES_PATH,
      updateVariable: 'UPDATE_SCHEMA_CLASSES',
      label: 'generated',
    })
  })
})
