import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The tables an API write touches (resource = table name), with the column
 * that names the record's company (`-` when the row has none: the
 * request's company is recorded). Their AFTER ROW trigger writes one
 * audit_log row per changed row in the write's own transaction, from the
 * request's actor that the transaction helper sets as the transaction-local
 * setting `app.audit` (app/services/platform/audit_context.ts). Sweeps and
 * workers set nothing and are not audited.
 */
const AUDITED: Record<string, string> = {
  companies: 'id',
  company_members: 'company_id',
  user_invitations: 'company_id',
  api_keys: 'company_id',
  webhook_endpoints: 'company_id',
  company_notification_settings: 'company_id',
  contracts: 'company_id',
  contract_uploaded_files: 'company_id',
  contract_review_approvals: 'company_id',
  contract_review_comments: 'company_id',
  contract_signature_members: 'company_id',
  workflows: 'company_id',
  contract_templates: 'company_id',
  work_entries: 'company_id',
  retroactive_requests: 'company_id',
  compliance_flows: 'company_id',
  provider_compliance_flows: 'company_id',
  step_compliances: 'company_id',
  step_compliance_approvals: 'company_id',
  onboardings: 'company_id',
}

export default class extends BaseSchema {
  async up() {
    /**
     * A company's API keys: the secret is shown once and only its SHA-256
     * is kept. `user_id` is the key's service user (the actor of its writes
     * wherever an action records a user: contract history, uploads).
     */
    this.schema.createTable('api_keys', (table) => {
      table.uuid('id').primary().defaultTo(this.raw('gen_random_uuid()'))
      table.uuid('company_id').notNullable().references('companies.id').onDelete('CASCADE')
      table.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE')
      table.string('name', 120).notNullable()
      /** The first characters of the secret, to recognise a key in lists and logs */
      table.string('prefix', 24).notNullable()
      table.string('token_hash', 64).notNullable().unique()
      table.specificType('permissions', 'text[]').notNullable()
      table.timestamp('expires_at', { useTz: true }).nullable()
      table.timestamp('last_used_at', { useTz: true }).nullable()
      table.timestamp('revoked_at', { useTz: true }).nullable()
      table.uuid('created_by').nullable().references('users.id').onDelete('SET NULL')
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(this.now())
    })
    this.schema.raw('CREATE INDEX api_keys_company_idx ON api_keys (company_id, created_at)')

    /**
     * The first answer to a POST/PATCH per caller and Idempotency-Key:
     * `status` NULL while the first request runs (claimed by INSERT ... ON
     * CONFLICT DO NOTHING), then its status and body, kept until expires_at.
     */
    this.schema.createTable('idempotency_keys', (table) => {
      table.string('caller', 60).notNullable()
      table.string('key', 255).notNullable()
      table.string('request_hash', 64).notNullable()
      table.smallint('status').nullable()
      table.text('body').nullable()
      table.string('content_type', 120).nullable()
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.timestamp('expires_at', { useTz: true }).notNullable()
      table.primary(['caller', 'key'])
    })
    this.schema.raw('CREATE INDEX idempotency_keys_expiry_idx ON idempotency_keys (expires_at)')

    this.schema.createTable('audit_log', (table) => {
      table.bigIncrements('id')
      /** No foreign keys: the log outlives what it describes (and refuses DELETE) */
      table.uuid('company_id').nullable()
      table.string('actor_type', 16).notNullable()
      table.uuid('user_id').nullable()
      table.uuid('api_key_id').nullable()
      table.string('resource', 63).notNullable()
      table.text('resource_id').nullable()
      table.string('action', 16).notNullable()
      /** The route that made the change (e.g. contracts.status, monitoring.retroactive.approve) */
      table.string('operation', 120).nullable()
      table.specificType('fields', 'text[]').notNullable()
      table.string('ip', 64).nullable()
      table.string('request_id', 80).nullable()
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
    })
    this.schema.raw('CREATE INDEX audit_log_company_idx ON audit_log (company_id, id)')
    this.schema.raw(
      'CREATE INDEX audit_log_company_resource_idx ON audit_log (company_id, resource, id)'
    )
    this.schema.raw('CREATE INDEX audit_log_created_idx ON audit_log (created_at)')

    /** Append-only: only the retention prune (app.audit_prune = on) may delete */
    this.schema.raw(`
      CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'DELETE' AND current_setting('app.audit_prune', true) = 'on' THEN
          RETURN OLD;
        END IF;
        RAISE EXCEPTION 'audit_log is append-only' USING ERRCODE = 'insufficient_privilege';
      END $$`)
    this.schema.raw(`
      CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
      FOR EACH ROW EXECUTE FUNCTION audit_log_append_only()`)
    this.schema.raw(`
      CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
      FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only()`)

    this.schema.raw(`
      CREATE FUNCTION audit_write() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        ctx jsonb := nullif(current_setting('app.audit', true), '')::jsonb;
        old_row jsonb;
        new_row jsonb;
        row_data jsonb;
        changed text[];
      BEGIN
        IF ctx IS NULL THEN RETURN NULL; END IF;
        IF TG_OP <> 'INSERT' THEN old_row := to_jsonb(OLD); END IF;
        IF TG_OP <> 'DELETE' THEN new_row := to_jsonb(NEW); END IF;
        row_data := coalesce(new_row, old_row);
        IF TG_OP = 'UPDATE' THEN
          SELECT coalesce(array_agg(n.key ORDER BY n.key), '{}') INTO changed
            FROM jsonb_each(new_row) n
           WHERE n.value IS DISTINCT FROM old_row -> n.key
             AND n.key NOT IN ('updated_at', 'last_used_at');
          IF cardinality(changed) = 0 THEN RETURN NULL; END IF;
        ELSE
          SELECT coalesce(array_agg(n.key ORDER BY n.key), '{}') INTO changed
            FROM jsonb_each(row_data) n
           WHERE n.value <> 'null'::jsonb AND n.key NOT IN ('id', 'created_at', 'updated_at');
        END IF;
        INSERT INTO audit_log (company_id, actor_type, user_id, api_key_id, resource,
                               resource_id, action, operation, fields, ip, request_id)
        VALUES (
          coalesce(CASE WHEN TG_ARGV[0] = '-' THEN NULL ELSE (row_data ->> TG_ARGV[0])::uuid END,
                   (ctx ->> 'companyId')::uuid),
          ctx ->> 'actorType', (ctx ->> 'userId')::uuid, (ctx ->> 'apiKeyId')::uuid,
          TG_TABLE_NAME, row_data ->> 'id',
          CASE WHEN TG_OP = 'INSERT' THEN 'create'
               WHEN TG_OP = 'DELETE' THEN 'delete'
               /* A soft delete (deleted_at set) is the record's deletion */
               WHEN old_row ->> 'deleted_at' IS NULL AND new_row ->> 'deleted_at' IS NOT NULL
                 THEN 'delete'
               ELSE 'update' END,
          ctx ->> 'operation', changed, ctx ->> 'ip', ctx ->> 'requestId');
        RETURN NULL;
      END $$`)
    for (const [table, companyColumn] of Object.entries(AUDITED)) {
      this.schema.raw(`
        CREATE TRIGGER ${table}_audit AFTER INSERT OR UPDATE OR DELETE ON ${table}
        FOR EACH ROW EXECUTE FUNCTION audit_write('${companyColumn}')`)
    }
  }

  async down() {
    for (const table of Object.keys(AUDITED)) {
      this.schema.raw(`DROP TRIGGER IF EXISTS ${table}_audit ON ${table}`)
    }
    this.schema.raw('DROP FUNCTION IF EXISTS audit_write()')
    this.schema.dropTable('audit_log')
    this.schema.raw('DROP FUNCTION IF EXISTS audit_log_append_only()')
    this.schema.dropTable('idempotency_keys')
    this.schema.dropTable('api_keys')
  }
}
