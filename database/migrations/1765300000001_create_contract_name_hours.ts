import { BaseSchema } from '@adonisjs/lucid/schema'

/** The (company, status and `*`, hour) groups of the live rows of `rows`, with their bits */
const hoursOf = (rows: string) => `SELECT r.company_id, s.status, r.hour, bit_or(r.bits) AS bits
                   FROM (SELECT company_id, status, contract_name_hour(updated_at) AS hour,
                                contract_name_bits(name_search) AS bits
                           FROM ${rows} WHERE deleted_at IS NULL) r
                  CROSS JOIN LATERAL (VALUES (r.status::text), ('*')) AS s(status)
                  GROUP BY r.company_id, s.status, r.hour`

/**
 * Where a name search's walk may find its word (`contract_name_hours`):
 * per company, per status (and `*`, every status) and per hour of
 * `updated_at`, a 1024-bit summary of the three-character pieces of the
 * names that were ever in it (`contract_name_bits`: one bit per piece, by
 * the first bits of its MD5). A name holds a search term only if its bits
 * hold all the term's bits, so a walk down the list order skips every hour
 * whose bits lack one: a word in 36,000 of a company's names, all behind
 * 26,500 newer contracts, was met after walking those 26,500 (7-11 ms);
 * its first hours with the word are now the first the walk reads.
 *
 * The bits only ever gain pieces (a renamed contract, or one that moved to
 * another hour or status, leaves its old pieces behind): an hour may be
 * read for nothing, never skipped wrongly. They are kept by statement
 * triggers on contracts, whatever writes them (the API, an Ace command,
 * SQL); an hour whose bits already hold a change's pieces is not written,
 * so saves in the same hour do not queue on its row.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.raw(`
      CREATE FUNCTION contract_name_bits(name text) RETURNS bit(1024)
      LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
        SELECT coalesce(bit_or(set_bit(repeat('0', 1024)::bit(1024),
                 ('x' || substr(md5(substr(name, i, 3)), 1, 3))::bit(12)::int & 1023, 1)),
               repeat('0', 1024)::bit(1024))
          FROM generate_series(1, char_length(name) - 2) AS i
      $$`)
    /** The hour of a timestamp: whole hours since the epoch (no time zone involved) */
    this.schema.raw(`
      CREATE FUNCTION contract_name_hour(at timestamptz) RETURNS integer
      LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
        SELECT floor(extract(epoch FROM at) / 3600)::int
      $$`)
    this.schema.createTable('contract_name_hours', (table) => {
      table.uuid('company_id').notNullable().references('companies.id').onDelete('CASCADE')
      /** A contract status, or `*` for every status */
      table.string('status', 32).notNullable()
      table.integer('hour').notNullable()
      table.specificType('bits', 'bit(1024)').notNullable()
      table.primary(['company_id', 'status', 'hour'])
    })
    this.schema.raw(`
      CREATE FUNCTION contract_name_hours_note() RETURNS trigger AS $$
      BEGIN
        INSERT INTO contract_name_hours AS h (company_id, status, hour, bits)
        SELECT noted.* FROM (
                 ${hoursOf('new_rows')}) noted
         WHERE NOT EXISTS (SELECT FROM contract_name_hours kept
                            WHERE kept.company_id = noted.company_id AND kept.status = noted.status
                              AND kept.hour = noted.hour AND kept.bits | noted.bits = kept.bits)
         ORDER BY noted.company_id, noted.status, noted.hour
        ON CONFLICT (company_id, status, hour) DO UPDATE SET bits = h.bits | EXCLUDED.bits;
        RETURN NULL;
      END
      $$ LANGUAGE plpgsql`)
    this.schema.raw(`CREATE TRIGGER contract_name_hours_insert AFTER INSERT ON contracts
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION contract_name_hours_note()`)
    this.schema.raw(`CREATE TRIGGER contract_name_hours_update AFTER UPDATE ON contracts
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION contract_name_hours_note()`)

    this.schema.raw(`INSERT INTO contract_name_hours (company_id, status, hour, bits)
      ${hoursOf('contracts')}`)
  }

  async down() {
    this.schema.raw('DROP TRIGGER IF EXISTS contract_name_hours_insert ON contracts')
    this.schema.raw('DROP TRIGGER IF EXISTS contract_name_hours_update ON contracts')
    this.schema.raw('DROP FUNCTION IF EXISTS contract_name_hours_note()')
    this.schema.dropTable('contract_name_hours')
    this.schema.raw('DROP FUNCTION IF EXISTS contract_name_hour(timestamptz)')
    this.schema.raw('DROP FUNCTION IF EXISTS contract_name_bits(text)')
  }
}
