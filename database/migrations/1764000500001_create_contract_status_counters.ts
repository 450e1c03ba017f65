import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Board column totals (H2) per (company, status) of the live (not soft
 * deleted) contracts, kept by statement-level triggers on contracts, so
 * an unfiltered board reads its totals by primary key however many
 * contracts the company has (as notification_counters for the inbox).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('contract_status_counters', (table) => {
      table.uuid('company_id').notNullable().references('companies.id').onDelete('CASCADE')
      table.string('status', 32).notNullable()
      table.integer('total').notNullable().defaultTo(0)
      table.primary(['company_id', 'status'])
    })

    this.schema.raw(`
      CREATE FUNCTION contract_status_counters_apply() RETURNS trigger AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          INSERT INTO contract_status_counters AS c (company_id, status, total)
          SELECT company_id, status, count(*) FROM new_rows
           WHERE deleted_at IS NULL GROUP BY company_id, status
          ON CONFLICT (company_id, status) DO UPDATE SET total = c.total + EXCLUDED.total;
        ELSIF TG_OP = 'DELETE' THEN
          UPDATE contract_status_counters AS c SET total = c.total - d.total
            FROM (SELECT company_id, status, count(*) AS total FROM old_rows
                   WHERE deleted_at IS NULL GROUP BY company_id, status) AS d
           WHERE c.company_id = d.company_id AND c.status = d.status;
        ELSE
          INSERT INTO contract_status_counters AS c (company_id, status, total)
          SELECT company_id, status, sum(delta) FROM (
                   SELECT company_id, status, 1 AS delta FROM new_rows WHERE deleted_at IS NULL
                   UNION ALL
                   SELECT company_id, status, -1 FROM old_rows WHERE deleted_at IS NULL) AS d
           GROUP BY company_id, status HAVING sum(delta) <> 0
          ON CONFLICT (company_id, status) DO UPDATE SET total = c.total + EXCLUDED.total;
        END IF;
        RETURN NULL;
      END
      $$ LANGUAGE plpgsql
    `)
    this.schema.raw(`CREATE TRIGGER contract_status_counters_insert AFTER INSERT ON contracts
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION contract_status_counters_apply()`)
    this.schema.raw(`CREATE TRIGGER contract_status_counters_delete AFTER DELETE ON contracts
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION contract_status_counters_apply()`)
    this.schema.raw(`CREATE TRIGGER contract_status_counters_update AFTER UPDATE ON contracts
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION contract_status_counters_apply()`)

    this.schema.raw(`INSERT INTO contract_status_counters (company_id, status, total)
      SELECT company_id, status, count(*) FROM contracts
       WHERE deleted_at IS NULL GROUP BY company_id, status`)
  }

  async down() {
    this.schema.raw('DROP TRIGGER IF EXISTS contract_status_counters_insert ON contracts')
    this.schema.raw('DROP TRIGGER IF EXISTS contract_status_counters_delete ON contracts')
    this.schema.raw('DROP TRIGGER IF EXISTS contract_status_counters_update ON contracts')
    this.schema.raw('DROP FUNCTION IF EXISTS contract_status_counters_apply()')
    this.schema.dropTable('contract_status_counters')
  }
}
