import { BaseSchema } from '@adonisjs/lucid/schema'

/*
 * A trigram index of the live contracts' names per status (partial), beside
 * the whole one that the list's searches read. A board search reads a
 * column's matches through its status's index alone, so a word a column
 * lacks is proved absent from that status's names (0.01-0.5 ms at 10x),
 * not by rechecking every match of the word in the other statuses (a word
 * in 36,000 names of three statuses cost 47 ms for the other twelve).
 * A row is in exactly one of them, so together they are the size of the
 * whole index (12 MB at 10x). The SQL below is the exact text this
 * migration ran (frozen history: no shared builders).
 */
const STATUSES = [
  'draft',
  'parts',
  'model',
  'documents',
  'in_review',
  'provider',
  'provider_filling',
  'signature',
  'signing',
  'completed',
  'active',
  'finished',
  'overdue',
  'cancelled',
  'archived',
]

export default class extends BaseSchema {
  async up() {
    for (const status of STATUSES) {
      this.schema.raw(
        `CREATE INDEX contracts_name_trgm_${status} ON contracts USING gin (name_search gin_trgm_ops) WHERE deleted_at IS NULL AND status = '${status}'`
      )
    }
  }

  async down() {
    for (const status of STATUSES) {
      this.schema.raw(`DROP INDEX contracts_name_trgm_${status}`)
    }
  }
}
