import { writeFile } from 'node:fs/promises'
import { BaseCommand } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import db from '@adonisjs/lucid/services/db'
import { SCHEMA_SNAPSHOT_PATH, schemaSnapshot } from '#database/schema_snapshot'

/**
 * `node ace schema:snapshot`: records the migrated schema of the configured
 * database in database/schema.snapshot.sql. Run it on a freshly migrated
 * database after adding a migration (`npm test` migrates one and compares).
 */
export default class SchemaSnapshot extends BaseCommand {
  static commandName = 'schema:snapshot'
  static description = 'Record the migrated schema in database/schema.snapshot.sql'
  static options: CommandOptions = { startApp: true }

  async run() {
    await writeFile(this.app.makePath(SCHEMA_SNAPSHOT_PATH), await schemaSnapshot(db.connection()))
    this.logger.success(`Wrote ${SCHEMA_SNAPSHOT_PATH}`)
  }
}
