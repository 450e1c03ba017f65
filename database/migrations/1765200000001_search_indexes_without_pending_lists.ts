import { BaseSchema } from '@adonisjs/lucid/schema'

/*
 * The searches' trigram (GIN) indexes take their new entries into their
 * trees at once (fastupdate off), not into a pending list: every search
 * scans a GIN index's whole pending list, which grows with each write up to
 * gin_pending_list_limit (4 MB) until a vacuum or an unlucky writer merges
 * it. At 10x, after a minute of the mixed bench's contract saves, a search
 * for "4821" read 202 pending pages of contracts_name_trgm (1.9 ms); merged,
 * 5 pages (0.05 ms). Each write pays the tree insertion instead (a contract
 * save, a name's trigrams in two of these indexes). The lists already
 * pending are merged here. The SQL below is the exact text this migration
 * ran (frozen history: no shared builders).
 */
const INDEXES = [
  'contracts_name_trgm',
  'contracts_name_trgm_draft',
  'contracts_name_trgm_parts',
  'contracts_name_trgm_model',
  'contracts_name_trgm_documents',
  'contracts_name_trgm_in_review',
  'contracts_name_trgm_provider',
  'contracts_name_trgm_provider_filling',
  'contracts_name_trgm_signature',
  'contracts_name_trgm_signing',
  'contracts_name_trgm_completed',
  'contracts_name_trgm_active',
  'contracts_name_trgm_finished',
  'contracts_name_trgm_overdue',
  'contracts_name_trgm_cancelled',
  'contracts_name_trgm_archived',
  'contract_parts_links_search',
  'compliance_flows_name_trgm',
  'team_companies_name_trgm',
  'team_companies_trade_name_trgm',
  'team_companies_document_trgm',
  'team_users_name_trgm',
  'team_users_email_trgm',
  'team_users_cpf_trgm',
]

export default class extends BaseSchema {
  async up() {
    for (const index of INDEXES) {
      this.schema.raw(`ALTER INDEX ${index} SET (fastupdate = off)`)
      this.schema.raw(`SELECT gin_clean_pending_list('${index}'::regclass)`)
    }
  }

  async down() {
    for (const index of INDEXES) {
      this.schema.raw(`ALTER INDEX ${index} RESET (fastupdate)`)
    }
  }
}
