import { BaseSchema } from '@adonisjs/lucid/schema'

const QUEUE_PER_CHANGE = `
  CREATE OR REPLACE FUNCTION read_versions_bump(scopes text[]) RETURNS void AS $$
    INSERT INTO read_version_changes (scopes) SELECT scopes WHERE cardinality(scopes) > 0
  $$ LANGUAGE sql`

/**
 * A transaction queues its read scopes in one row: its first change
 * inserts the row (arming the deferred raise), later changes append to it.
 * The raise then runs once at COMMIT; with a row per change it ran once
 * per change, every run after the first finding the queue empty. The
 * queue only ever shows the transaction its own row (another's is
 * uncommitted, or deleted by its raise before it commits), so the UPDATE
 * touches no other transaction's row.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.raw(`
      CREATE OR REPLACE FUNCTION read_versions_bump(scopes text[]) RETURNS void AS $$
        WITH appended AS (
          UPDATE read_version_changes q SET scopes = q.scopes || $1
           WHERE cardinality($1) > 0
          RETURNING 1)
        INSERT INTO read_version_changes (scopes)
        SELECT $1 WHERE cardinality($1) > 0 AND NOT EXISTS (SELECT 1 FROM appended)
      $$ LANGUAGE sql`)
  }

  async down() {
    this.schema.raw(QUEUE_PER_CHANGE)
  }
}
