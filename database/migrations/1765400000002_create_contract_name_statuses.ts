import { BaseSchema } from '@adonisjs/lucid/schema'

/** The (company, status) groups of the live rows of `rows`, with their names' bits */
const statusesOf = (
  rows: string
) => `SELECT company_id, status, bit_or(contract_name_bits(name_search)) AS bits
                   FROM ${rows} WHERE deleted_at IS NULL
                  GROUP BY company_id, status`

/**
 * Whether a board column may hold a name search's term at all
 * (`contract_name_statuses`): per company and status, the bits of every
 * name ever saved in it (`contract_name_bits`, as the hours' bits, of which
 * these are the union). A column whose bits lack a piece of the term has
 * no match, so a board search answers it empty without sampling or reading
 * its trigram index: a word the bench seed puts in three of the fifteen
 * statuses had the other twelve proved empty through their trigram indexes
 * (0.5-0.7 ms each).
 *
 * Kept as the hours are (create_contract_name_hours): statement triggers
 * on contracts, whatever writes them; the bits only gain pieces (a status
 * may be read for nothing, never skipped wrongly), and a status whose bits
 * already hold a change's pieces is not written, so saves do not queue on
 * its row. A status of many different names has most of its bits set, and
 * then skips little.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('contract_name_statuses', (table) => {
      table.uuid('company_id').notNullable().references('companies.id').onDelete('CASCADE')
      table.string('status', 32).notNullable()
      table.specificType('bits', 'bit(1024)').notNullable()
      table.primary(['company_id', 'status'])
    })
    this.schema.raw(`
      CREATE FUNCTION contract_name_statuses_note() RETURNS trigger AS $$
      BEGIN
        INSERT INTO contract_name_statuses AS s (company_id, status, bits)
        SELECT noted.* FROM (
                 ${statusesOf('new_rows')}) noted
         WHERE NOT EXISTS (SELECT FROM contract_name_statuses kept
                            WHERE kept.company_id = noted.company_id AND kept.status = noted.status
                              AND kept.bits | noted.bits = kept.bits)
         ORDER BY noted.company_id, noted.status
        ON CONFLICT (company_id, status) DO UPDATE SET bits = s.bits | EXCLUDED.bits;
        RETURN NULL;
      END
      $$ LANGUAGE plpgsql`)
    this.schema.raw(`CREATE TRIGGER contract_name_statuses_insert AFTER INSERT ON contracts
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION contract_name_statuses_note()`)
    this.schema.raw(`CREATE TRIGGER contract_name_statuses_update AFTER UPDATE ON contracts
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION contract_name_statuses_note()`)

    /** The union of each status's hours: a summary of its names already (10 s from the names at 10x) */
    this.schema.raw(`INSERT INTO contract_name_statuses (company_id, status, bits)
      SELECT company_id, status, bit_or(bits) FROM contract_name_hours
       WHERE status <> '*' GROUP BY company_id, status`)
  }

  async down() {
    this.schema.raw('DROP TRIGGER IF EXISTS contract_name_statuses_insert ON contracts')
    this.schema.raw('DROP TRIGGER IF EXISTS contract_name_statuses_update ON contracts')
    this.schema.raw('DROP FUNCTION IF EXISTS contract_name_statuses_note()')
    this.schema.dropTable('contract_name_statuses')
  }
}
