import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * H1 / H2 order contracts by `updated_at DESC, id DESC`; the indexes had
 * `id` ascending, so every board column and list page went through an
 * incremental sort (a board column read ~90 index entries and their heap
 * rows for 21 cards). The replacements match the order exactly, so a probe
 * reads its LIMIT rows and stops:
 * - `contracts_board`: per company and status, covering the card fields
 *   (name, progress, created_at), so a board column is an index-only scan;
 * - `contracts_live_updated`: per company, H1 without a status or search.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.raw('DROP INDEX IF EXISTS contracts_board')
    this.schema.raw(`CREATE INDEX contracts_board ON contracts
      (company_id, status, updated_at DESC, id DESC) INCLUDE (name, progress, created_at)
      WHERE deleted_at IS NULL`)
    this.schema.raw('DROP INDEX IF EXISTS contracts_live_updated')
    this.schema.raw(`CREATE INDEX contracts_live_updated ON contracts
      (company_id, updated_at DESC, id DESC) WHERE deleted_at IS NULL`)
  }

  async down() {
    this.schema.raw('DROP INDEX IF EXISTS contracts_board')
    this.schema.raw(
      'CREATE INDEX contracts_board ON contracts (company_id, status, updated_at DESC, id) WHERE deleted_at IS NULL'
    )
    this.schema.raw('DROP INDEX IF EXISTS contracts_live_updated')
    this.schema.raw(
      'CREATE INDEX contracts_live_updated ON contracts (company_id, updated_at DESC, id) WHERE deleted_at IS NULL'
    )
  }
}
