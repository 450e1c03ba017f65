import { BaseSchema } from '@adonisjs/lucid/schema'

/** Bits that hold no piece */
const ZERO_BITS = "repeat('0', 4096)::bit(4096)"

/**
 * The bucket that holds `name` of borrower `borrower` (SQL of the outer
 * query): the one whose first name is the greatest at or before it, in the
 * column's own collation (the sentinel '' is before every name)
 */
const holderOf = (borrower: string, name: string) => `(SELECT s.name_from FROM link_search_buckets s
                    WHERE s.borrower_id = ${borrower} AND s.name_from <= ${name}
                    ORDER BY s.name_from DESC LIMIT 1)`

/** The buckets that `changes` (borrower_id, link_name) need: the sentinel '' and the name's two characters */
const keysOf = (changes: string) => `SELECT DISTINCT c.borrower_id, k.name_from
                    FROM ${changes}
                    CROSS JOIN LATERAL (VALUES (''), (left(c.link_name, 2))) AS k(name_from)`

/**
 * Where a borrower's search by a common word may start its walk down the
 * name order (`link_search_buckets`): the borrower's link names cut into
 * ranges of their order (a bucket runs from its `name_from` to the next
 * bucket's), each with a 4096-bit summary of the three-character pieces of
 * its links' search texts (`link_search_bits`: one bit per piece, by the
 * first bits of its MD5, as the contract names' hours). A link holds a term
 * only if its bucket holds all the term's bits, so no link before the first
 * bucket that does matches: a word in 21,500 links that all sort after
 * 185,000 others was read through the trigram index and sorted (22 ms for
 * the statement); the walk now starts at its links (1.6 ms).
 *
 * A bucket starts at the first two characters of a name. The ranges are
 * compared in the column's collation, so they follow the list's order on
 * any server; a name belongs to the bucket with the greatest `name_from` at
 * or before it (the sentinel '' starts every borrower's first range). The
 * bits only ever gain pieces: a new bucket starts with the bits of the one
 * it splits, a renamed or unlinked link leaves its pieces behind, so a
 * range may be read for nothing, never skipped wrongly.
 *
 * Statement triggers on contract_parts keep them, whatever writes the links
 * (their names are set by contract_part_link_fields, a BEFORE trigger; a
 * linked part always has a name: one party, whose name is NOT NULL). A
 * change whose bucket exists and already holds its pieces writes nothing.
 * Any other one takes the borrower's sentinel row FOR UPDATE first (in
 * borrower order), so two writers never split or fill one borrower's
 * buckets at once; each statement after the lock reads the committed
 * buckets again (READ COMMITTED, the project's isolation).
 */
export default class extends BaseSchema {
  async up() {
    /**
     * contract_name_bits with four times the bits: a range of a borrower's
     * links holds many more pieces than an hour of names (documents,
     * e-mails), and a summary with most of its bits set holds every word
     */
    this.schema.raw(`
      CREATE FUNCTION link_search_bits(search text) RETURNS bit(4096)
      LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
        SELECT coalesce(bit_or(set_bit(${ZERO_BITS},
                 ('x' || substr(md5(substr(search, i, 3)), 1, 3))::bit(12)::int, 1)),
               ${ZERO_BITS})
          FROM generate_series(1, char_length(search) - 2) AS i
      $$`)
    this.schema.createTable('link_search_buckets', (table) => {
      table.uuid('borrower_id').notNullable().references('companies.id').onDelete('CASCADE')
      /** The range's first name (lowercase, as link_name); '' is the sentinel */
      table.text('name_from').notNullable()
      table.specificType('bits', 'bit(4096)').notNullable()
      table.primary(['borrower_id', 'name_from'])
    })

    this.schema.raw(`
      CREATE FUNCTION link_search_buckets_fill(borrowers uuid[], names text[], texts text[])
      RETURNS void AS $$
      BEGIN
        /* Nothing to write when each change has its bucket and that bucket holds its pieces */
        IF NOT EXISTS (
             SELECT FROM unnest(borrowers, names, texts) AS c(borrower_id, link_name, link_search)
              WHERE NOT EXISTS (SELECT FROM link_search_buckets k
                                 WHERE k.borrower_id = c.borrower_id
                                   AND k.name_from = left(c.link_name, 2))
                 OR NOT coalesce((SELECT k.bits | link_search_bits(c.link_search) = k.bits
                                    FROM link_search_buckets k
                                   WHERE k.borrower_id = c.borrower_id
                                     AND k.name_from = ${holderOf('c.borrower_id', 'c.link_name')}),
                                 false)) THEN
          RETURN;
        END IF;
        INSERT INTO link_search_buckets (borrower_id, name_from, bits)
        SELECT DISTINCT b, '', ${ZERO_BITS} FROM unnest(borrowers) AS b ORDER BY 1
        ON CONFLICT DO NOTHING;
        PERFORM FROM link_search_buckets
          WHERE borrower_id = ANY (borrowers) AND name_from = ''
          ORDER BY borrower_id FOR UPDATE;
        /* A new bucket starts with the bits of the range it splits */
        INSERT INTO link_search_buckets (borrower_id, name_from, bits)
        SELECT k.borrower_id, k.name_from,
               (SELECT s.bits FROM link_search_buckets s
                 WHERE s.borrower_id = k.borrower_id
                   AND s.name_from = ${holderOf('k.borrower_id', 'k.name_from')})
          FROM (${keysOf('unnest(borrowers, names) AS c(borrower_id, link_name)')}) k
         WHERE NOT EXISTS (SELECT FROM link_search_buckets e
                            WHERE e.borrower_id = k.borrower_id AND e.name_from = k.name_from)
         ORDER BY 1, 2
        ON CONFLICT DO NOTHING;
        UPDATE link_search_buckets k SET bits = k.bits | added.bits
          FROM (SELECT c.borrower_id, ${holderOf('c.borrower_id', 'c.link_name')} AS name_from,
                       bit_or(link_search_bits(c.link_search)) AS bits
                  FROM unnest(borrowers, names, texts) AS c(borrower_id, link_name, link_search)
                 GROUP BY 1, 2) added
         WHERE k.borrower_id = added.borrower_id AND k.name_from = added.name_from
           AND k.bits | added.bits <> k.bits;
      END
      $$ LANGUAGE plpgsql`)

    /** The linked rows of a statement whose bucket may not hold them yet (an update: those whose name, text or borrower changed) */
    this.schema.raw(`
      CREATE FUNCTION link_search_buckets_note() RETURNS trigger AS $$
      DECLARE
        borrowers uuid[];
        names text[];
        texts text[];
      BEGIN
        IF TG_OP = 'INSERT' THEN
          SELECT array_agg(c.counterparty_of), array_agg(c.link_name), array_agg(c.link_search)
            INTO borrowers, names, texts
            FROM (SELECT DISTINCT counterparty_of, link_name, link_search FROM new_rows
                   WHERE counterparty_of IS NOT NULL) c;
        ELSE
          SELECT array_agg(c.counterparty_of), array_agg(c.link_name), array_agg(c.link_search)
            INTO borrowers, names, texts
            FROM (SELECT DISTINCT n.counterparty_of, n.link_name, n.link_search FROM new_rows n
                   WHERE n.counterparty_of IS NOT NULL
                     AND NOT EXISTS (SELECT FROM old_rows o
                                      WHERE o.id = n.id
                                        AND o.counterparty_of IS NOT DISTINCT FROM n.counterparty_of
                                        AND o.link_name IS NOT DISTINCT FROM n.link_name
                                        AND o.link_search IS NOT DISTINCT FROM n.link_search)) c;
        END IF;
        IF borrowers IS NOT NULL THEN
          PERFORM link_search_buckets_fill(borrowers, names, texts);
        END IF;
        RETURN NULL;
      END
      $$ LANGUAGE plpgsql`)
    this.schema.raw(`CREATE TRIGGER link_search_buckets_insert AFTER INSERT ON contract_parts
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION link_search_buckets_note()`)
    this.schema.raw(`CREATE TRIGGER link_search_buckets_update AFTER UPDATE ON contract_parts
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION link_search_buckets_note()`)

    /** The links there are: their buckets first, then each link's pieces into the bucket that holds it */
    this.schema.raw(`
      CREATE TEMPORARY TABLE linked ON COMMIT DROP AS
      SELECT DISTINCT counterparty_of AS borrower_id, link_name, link_search
        FROM contract_parts WHERE counterparty_of IS NOT NULL`)
    this.schema.raw(`INSERT INTO link_search_buckets (borrower_id, name_from, bits)
      SELECT k.borrower_id, k.name_from, ${ZERO_BITS} FROM (${keysOf('linked c')}) k`)
    this.schema.raw(`UPDATE link_search_buckets k SET bits = added.bits
      FROM (SELECT c.borrower_id, ${holderOf('c.borrower_id', 'c.link_name')} AS name_from,
                   bit_or(link_search_bits(c.link_search)) AS bits
              FROM linked c GROUP BY 1, 2) added
     WHERE k.borrower_id = added.borrower_id AND k.name_from = added.name_from`)
  }

  async down() {
    this.schema.raw('DROP TRIGGER IF EXISTS link_search_buckets_insert ON contract_parts')
    this.schema.raw('DROP TRIGGER IF EXISTS link_search_buckets_update ON contract_parts')
    this.schema.raw('DROP FUNCTION IF EXISTS link_search_buckets_note()')
    this.schema.raw('DROP FUNCTION IF EXISTS link_search_buckets_fill(uuid[], text[], text[])')
    this.schema.dropTable('link_search_buckets')
    this.schema.raw('DROP FUNCTION IF EXISTS link_search_bits(text)')
  }
}
