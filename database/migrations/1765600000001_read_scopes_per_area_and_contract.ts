import { BaseSchema } from '@adonisjs/lucid/schema'

const VIA_FLOW =
  'rows r JOIN compliance_steps s ON s.id = r.step_id JOIN compliance_flows f ON f.id = s.flow_id'

/**
 * The company data each table's changes now raise under a scope of its own
 * (`prefix` || the company id), instead of the company's `c:`: what the
 * rows (`rows`, the statement's transition rows) tell of the company.
 * - `h:`: hours (work entries and their tasks), which only the team and
 *   provider lists print;
 * - `f:`: compliance (flows, steps, attachments, providers' compliances and
 *   documents), which only D1 and C1 print.
 */
const MOVED: Record<string, { prefix: string; company: string; from: string }> = {
  work_entries: { prefix: 'h:', company: 'r.company_id', from: 'rows r' },
  work_entry_tasks: {
    prefix: 'h:',
    company: 'w.company_id',
    from: 'rows r JOIN work_entries w ON w.id = r.work_entry_id',
  },
  compliance_flows: { prefix: 'f:', company: 'r.company_id', from: 'rows r' },
  compliance_steps: {
    prefix: 'f:',
    company: 'f.company_id',
    from: 'rows r JOIN compliance_flows f ON f.id = r.flow_id',
  },
  compliance_document_requirements: { prefix: 'f:', company: 'f.company_id', from: VIA_FLOW },
  compliance_step_validators: { prefix: 'f:', company: 'f.company_id', from: VIA_FLOW },
  provider_compliance_flows: { prefix: 'f:', company: 'r.company_id', from: 'rows r' },
  provider_compliance_flow_leaderships: {
    prefix: 'f:',
    company: 'p.company_id',
    from: 'rows r JOIN provider_compliance_flows p ON p.id = r.provider_compliance_flow_id',
  },
  provider_compliances: { prefix: 'f:', company: 'r.company_id', from: 'rows r' },
  step_compliances: {
    prefix: 'f:',
    company: 'p.company_id',
    from: 'rows r JOIN provider_compliances p ON p.id = r.provider_compliance_id',
  },
  step_compliance_documents: {
    prefix: 'f:',
    company: 'p.company_id',
    from: `rows r JOIN step_compliances s ON s.id = r.step_compliance_id
                  JOIN provider_compliances p ON p.id = s.provider_compliance_id`,
  },
}

/** Tables of a contract's detail (H5) that no cached read watched before: their rows' contract */
const DETAIL_TABLES = [
  'contract_part_groups',
  'contract_variable_values',
  'contract_document_requirements',
  'contract_reviewers',
  'contract_signature_groups',
  'contract_signature_members',
  'contract_uploaded_files',
]
const CONTRACT_OF_ROWS = "SELECT 'k:' || r.contract_id FROM rows r"

/** The scopes of contracts and links, before (`c:`) and with their contract's (`k:`) */
const CONTRACTS = {
  before: "SELECT 'c:' || r.company_id FROM rows r",
  after: "SELECT 'c:' || r.company_id FROM rows r UNION ALL SELECT 'k:' || r.id FROM rows r",
}
const LINKS_BEFORE = `SELECT 'c:' || r.company_id FROM rows r WHERE r.company_id IS NOT NULL
    UNION ALL SELECT 'c:' || c.company_id FROM rows r JOIN contracts c ON c.id = r.contract_id`
const LINKS = { before: LINKS_BEFORE, after: `${LINKS_BEFORE} UNION ALL ${CONTRACT_OF_ROWS}` }

const EVENTS = [
  ['insert', 'INSERT', 'NEW TABLE AS new_rows'],
  ['update', 'UPDATE', 'OLD TABLE AS old_rows NEW TABLE AS new_rows'],
  ['delete', 'DELETE', 'OLD TABLE AS old_rows'],
] as const

/**
 * Read scopes per area of a company, and per contract (#35). An hours
 * entry or a compliance change raised the company's one scope, `c:`, and
 * so emptied every cached list of the company: in a company whose 500
 * providers log hours, its contract lists and board were read again
 * about 30 times a second though they print no hours. Each area now has
 * its scope (`h:`, `f:`); a cached read declares the scopes it prints
 * (READ_SCOPES) and the authentication statement reads the company's
 * three. A contract has its own scope, `k:<contract>`, raised by every
 * table its detail (H5) reads: a detail is cached until that contract
 * changes, not until any contract of its company does. The trigger
 * functions of migration 1764300010001 are replaced, with the same body.
 * API processes that still run the code of before this migration wait on
 * `c:` alone for the team lists, D1 and C1: restart them after migrating
 * (as after restoring a backup).
 */
export default class extends BaseSchema {
  async up() {
    for (const [table, { prefix, company, from }] of Object.entries(MOVED)) {
      this.#replace(table, `SELECT '${prefix}' || ${company} FROM ${from}`)
    }
    this.#replace('contracts', CONTRACTS.after)
    this.#replace('contract_parts', LINKS.after)
    for (const table of DETAIL_TABLES) {
      this.#replace(table, CONTRACT_OF_ROWS)
      for (const [name, event, transition] of EVENTS) {
        this.schema.raw(`CREATE TRIGGER read_versions_${name} AFTER ${event} ON ${table}
          REFERENCING ${transition} FOR EACH STATEMENT EXECUTE FUNCTION read_versions_${table}()`)
      }
    }
  }

  async down() {
    for (const [table, { company, from }] of Object.entries(MOVED)) {
      this.#replace(table, `SELECT 'c:' || ${company} FROM ${from}`)
    }
    this.#replace('contracts', CONTRACTS.before)
    this.#replace('contract_parts', LINKS.before)
    for (const table of DETAIL_TABLES) {
      for (const [name] of EVENTS) this.schema.raw(`DROP TRIGGER read_versions_${name} ON ${table}`)
      this.schema.raw(`DROP FUNCTION read_versions_${table}()`)
    }
  }

  #replace(table: string, scope: string) {
    this.schema.raw(`
      CREATE OR REPLACE FUNCTION read_versions_${table}() RETURNS trigger AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          PERFORM read_versions_bump(ARRAY(WITH rows AS (SELECT * FROM new_rows) ${scope}));
        ELSIF TG_OP = 'DELETE' THEN
          PERFORM read_versions_bump(ARRAY(WITH rows AS (SELECT * FROM old_rows) ${scope}));
        ELSE
          PERFORM read_versions_bump(ARRAY(WITH rows AS (
            SELECT * FROM new_rows UNION ALL SELECT * FROM old_rows) ${scope}));
        END IF;
        RETURN NULL;
      END
      $$ LANGUAGE plpgsql`)
  }
}
