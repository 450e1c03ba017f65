import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Where each watched table's changed rows (`rows`: the statement's
 * transition rows) put their read scope:
 * - `c:<company id>`: a company's data (contracts, links, members, hours,
 *   compliance); a link also bumps the borrower of its contract;
 * - `n:<user id>:<company id>`: one user's inbox in one company;
 * - `u:<user id>`: one user's memberships (the companies they act for);
 * - `directory` (users, companies: below): names, e-mails, documents and
 *   logos that every tenant's lists print.
 */
const COMPANY = (expression: string, from = 'rows r') => `SELECT 'c:' || ${expression} FROM ${from}`
const VIA_FLOW =
  'rows r JOIN compliance_steps s ON s.id = r.step_id JOIN compliance_flows f ON f.id = s.flow_id'

const SCOPES: Record<string, string> = {
  contracts: COMPANY('r.company_id'),
  contract_parts: `${COMPANY('r.company_id')} WHERE r.company_id IS NOT NULL
    UNION ALL ${COMPANY('c.company_id', 'rows r JOIN contracts c ON c.id = r.contract_id')}`,
  contract_status_counters: COMPANY('r.company_id'),
  company_link_counters: COMPANY('r.company_id'),
  /* A member's own memberships (the companies they act for), and a company's
     owner, printed by the lists of the borrowers its links belong to */
  company_members: `${COMPANY('r.company_id')}
    UNION ALL SELECT 'u:' || r.user_id FROM rows r
    UNION ALL ${COMPANY(
      'c.company_id',
      `rows r JOIN contract_parts cp ON cp.company_id = r.company_id
              JOIN contracts c ON c.id = cp.contract_id`
    )} WHERE r.role = 'owner'`,
  work_entries: COMPANY('r.company_id'),
  work_entry_tasks: COMPANY('w.company_id', 'rows r JOIN work_entries w ON w.id = r.work_entry_id'),
  compliance_flows: COMPANY('r.company_id'),
  compliance_steps: COMPANY('f.company_id', 'rows r JOIN compliance_flows f ON f.id = r.flow_id'),
  compliance_document_requirements: COMPANY('f.company_id', VIA_FLOW),
  compliance_step_validators: COMPANY('f.company_id', VIA_FLOW),
  provider_compliance_flows: COMPANY('r.company_id'),
  provider_compliance_flow_leaderships: COMPANY(
    'p.company_id',
    'rows r JOIN provider_compliance_flows p ON p.id = r.provider_compliance_flow_id'
  ),
  provider_compliances: COMPANY('r.company_id'),
  step_compliances: COMPANY(
    'p.company_id',
    'rows r JOIN provider_compliances p ON p.id = r.provider_compliance_id'
  ),
  step_compliance_documents: COMPANY(
    'p.company_id',
    `rows r JOIN step_compliances s ON s.id = r.step_compliance_id
            JOIN provider_compliances p ON p.id = s.provider_compliance_id`
  ),
  notifications: `SELECT 'n:' || r.user_id || ':' || r.company_id FROM rows r`,
  notification_counters: `SELECT 'n:' || r.user_id || ':' || r.company_id FROM rows r`,
  notification_rank_marks: `SELECT 'n:' || r.user_id || ':' || r.company_id FROM rows r`,
  notification_read_marks: `SELECT 'n:' || r.user_id || ':' || r.company_id FROM rows r`,
}

/** The columns of users and companies that lists print (a password change bumps nothing) */
const DIRECTORY: Record<string, string> = {
  users: 'name, email, phone, cpf, avatar',
  companies: 'name, trade_name, document, email, phone, logo, timezone',
}

const EVENTS = [
  ['insert', 'INSERT', 'NEW TABLE AS new_rows'],
  ['update', 'UPDATE', 'OLD TABLE AS old_rows NEW TABLE AS new_rows'],
  ['delete', 'DELETE', 'OLD TABLE AS old_rows'],
] as const

/**
 * Read versions (#12): a version per read scope, raised by statement-level
 * triggers in the transaction of every change a cached list reads (at its
 * COMMIT), so the change and its new version commit together. The API reads a
 * request's versions in its authentication statement and serves a list
 * from its per-process cache (ReadCache) only while they are the versions
 * the cached body was read under: never stale, whatever path (API, Ace
 * command, SQL) made the change. tests/functional/system/read_versions.spec.ts
 * checks that every table the cached lists' statements read is watched.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('read_versions', (table) => {
      table.text('scope').primary()
      table.bigInteger('version').notNullable()
    })
    /**
     * A version is a new value of a sequence, never a counter: a sequence
     * does not go back when a transaction rolls back, so no two states of a
     * scope ever share a version (a counter would give a rolled-back
     * state's version again to the next change).
     */
    this.schema.raw('CREATE SEQUENCE read_versions_seq')
    /**
     * A change only queues its scopes (a row of its own transaction, seen
     * by no other); they are raised at COMMIT by a deferred constraint
     * trigger, all at once and sorted. So a version row is locked only
     * while its transaction commits, not from its first change on: a
     * company's concurrent writes (hours logged by many providers) do not
     * queue behind each other's whole transaction, and two transactions
     * always lock version rows in the same order.
     */
    this.schema.raw('CREATE UNLOGGED TABLE read_version_changes (scopes text[] NOT NULL)')
    this.schema.raw(`
      CREATE FUNCTION read_versions_bump(scopes text[]) RETURNS void AS $$
        INSERT INTO read_version_changes (scopes) SELECT scopes WHERE cardinality(scopes) > 0
      $$ LANGUAGE sql`)
    this.schema.raw(`
      CREATE FUNCTION read_versions_raise() RETURNS trigger AS $$
      BEGIN
        WITH raised AS (DELETE FROM read_version_changes RETURNING scopes)
        INSERT INTO read_versions AS v (scope, version)
        SELECT d.s, nextval('read_versions_seq')
          FROM (SELECT DISTINCT s FROM raised, unnest(raised.scopes) s
                 WHERE s IS NOT NULL ORDER BY 1) d
        ON CONFLICT (scope) DO UPDATE SET version = EXCLUDED.version;
        RETURN NULL;
      END
      $$ LANGUAGE plpgsql`)
    this.schema.raw(`CREATE CONSTRAINT TRIGGER read_versions_raise
      AFTER INSERT ON read_version_changes DEFERRABLE INITIALLY DEFERRED
      FOR EACH ROW EXECUTE FUNCTION read_versions_raise()`)

    for (const [table, scope] of Object.entries(SCOPES)) {
      this.schema.raw(`
        CREATE FUNCTION read_versions_${table}() RETURNS trigger AS $$
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
      for (const [name, event, transition] of EVENTS) {
        this.schema.raw(`CREATE TRIGGER read_versions_${name} AFTER ${event} ON ${table}
          REFERENCING ${transition} FOR EACH STATEMENT EXECUTE FUNCTION read_versions_${table}()`)
      }
    }

    /* A new company or user starts its scope at a new version (none has 0 twice) */
    this.schema.raw(`
      CREATE FUNCTION read_versions_created() RETURNS trigger AS $$
      BEGIN
        PERFORM read_versions_bump(ARRAY(SELECT TG_ARGV[0] || r.id FROM new_rows r));
        RETURN NULL;
      END
      $$ LANGUAGE plpgsql`)
    for (const [table, prefix] of [
      ['companies', 'c:'],
      ['users', 'u:'],
    ]) {
      this.schema.raw(`CREATE TRIGGER read_versions_insert AFTER INSERT ON ${table}
        REFERENCING NEW TABLE AS new_rows
        FOR EACH STATEMENT EXECUTE FUNCTION read_versions_created('${prefix}')`)
    }

    /* A column list cannot come with transition tables: the rows tell what changed
       (a set difference, hashed: EXISTS over a join of the two transition
       tables is planned as a nested loop, every new row against every old) */
    for (const [table, columns] of Object.entries(DIRECTORY)) {
      this.schema.raw(`
        CREATE FUNCTION read_versions_${table}() RETURNS trigger AS $$
        BEGIN
          IF TG_OP = 'DELETE' THEN
            PERFORM read_versions_bump(ARRAY['directory']);
          ELSIF EXISTS (SELECT id, ${columns} FROM new_rows
                        EXCEPT ALL SELECT id, ${columns} FROM old_rows) THEN
            PERFORM read_versions_bump(ARRAY['directory']);
          END IF;
          RETURN NULL;
        END
        $$ LANGUAGE plpgsql`)
      this.schema.raw(`CREATE TRIGGER read_versions_update AFTER UPDATE ON ${table}
        REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
        FOR EACH STATEMENT EXECUTE FUNCTION read_versions_${table}()`)
      this.schema.raw(`CREATE TRIGGER read_versions_delete AFTER DELETE ON ${table}
        FOR EACH STATEMENT EXECUTE FUNCTION read_versions_${table}()`)
    }
  }

  async down() {
    for (const table of [...Object.keys(SCOPES), ...Object.keys(DIRECTORY)]) {
      for (const [name] of EVENTS) {
        this.schema.raw(`DROP TRIGGER IF EXISTS read_versions_${name} ON ${table}`)
      }
    }
    for (const table of [...Object.keys(SCOPES), ...Object.keys(DIRECTORY)]) {
      this.schema.raw(`DROP FUNCTION IF EXISTS read_versions_${table}()`)
    }
    this.schema.raw('DROP FUNCTION IF EXISTS read_versions_bump(text[])')
    this.schema.raw('DROP FUNCTION IF EXISTS read_versions_created()')
    this.schema.dropTableIfExists('read_version_changes')
    this.schema.raw('DROP FUNCTION IF EXISTS read_versions_raise()')
    this.schema.dropTable('read_versions')
    this.schema.raw('DROP SEQUENCE IF EXISTS read_versions_seq')
  }
}
