import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'

/** What a sample is taken of: a table's text column (already lower case), its live rows */
export interface SampledText {
  table: string
  column: string
  /** SQL condition of the rows that count (a search reads only these) */
  live: string
}

interface Sample {
  /** Each trigram of the sampled texts: how many of them hold it */
  counts: Map<string, number>
  /** Rows of the table per sampled row */
  scale: number
  /** performance.now() when it was taken */
  takenAt: number
}

/** About how many rows a sample reads (the whole table when it is smaller) */
const SAMPLED_ROWS = 10_000
/** A sample older than this is taken again (in the background; the old one answers meanwhile) */
const SAMPLE_TTL_MS = 10 * 60 * 1000
/** After a sample failed, the next attempt waits this long */
const RETRY_MS = 60 * 1000
/** The most rows a rare term's rarest trigram is estimated in */
export const RARE_TERM_ROWS = 2000

/**
 * The trigrams of a LIKE '%term%' whose count a sample knows: the
 * three-character runs of ASCII letters and digits inside each word
 * (pg_trgm's trigrams of a word, without the padded ones at its ends;
 * pg_trgm stores a trigram with other characters as a hash). A row that
 * matches the term holds every one of them.
 */
export function sampledTrigrams(term: string): string[] {
  const trigrams = new Set<string>()
  for (const [word] of term.toLowerCase().matchAll(/[\p{L}\p{N}]+/gu)) {
    for (let start = 0; start + 3 <= word.length; start++) {
      const trigram = word.slice(start, start + 3)
      if (/^[a-z0-9]{3}$/.test(trigram)) trigrams.add(trigram)
    }
  }
  return [...trigrams]
}

/**
 * Whether a search term is rare in a table's texts (its matches are few),
 * from a sample of the texts' trigrams kept in process memory (about
 * SAMPLED_ROWS rows, TABLESAMPLE BERNOULLI: rows saved together share
 * their names' numbers, so a sample of whole pages (SYSTEM) put "123" in
 * 1,300 to 3,600 names from one sample to the next; taken again after
 * SAMPLE_TTL_MS).
 * A term is rare when one of its trigrams is estimated in at most
 * RARE_TERM_ROWS rows of the whole table (every tenant's): then its
 * matches, a subset of that trigram's rows, are read through the trigram
 * index at the cost of at most a few thousand rows, whoever the tenant is. The
 * answer only chooses a plan: a reader of a "rare" term still bounds what
 * it reads (a sample can be stale: a word imported since into thousands of
 * names), and no sample (not taken yet) means "not rare".
 *
 * The server and the worker take their sample on first use, in the
 * background; tests take it explicitly (`take`), so that no statement of
 * its own runs inside the statements a test counts.
 */
export class TermRarity {
  #sample: Sample | null = null
  /** performance.now() of the last background attempt */
  #attemptedAt = Number.NEGATIVE_INFINITY

  constructor(
    private sampled: SampledText,
    private takesOnUse = app.getEnvironment() !== 'test'
  ) {}

  isRare(term: string): boolean {
    if (this.takesOnUse) this.#takeWhenDue()
    const sample = this.#sample
    const trigrams = sampledTrigrams(term)
    if (!sample || trigrams.length === 0) return false
    const rarest = Math.min(...trigrams.map((trigram) => sample.counts.get(trigram) ?? 0))
    return rarest * sample.scale <= RARE_TERM_ROWS
  }

  /** Takes a new sample now */
  async take() {
    const { table, column, live } = this.sampled
    const {
      rows: [size],
    } = await db.rawQuery(
      'SELECT reltuples::float8 AS rows FROM pg_class WHERE oid = to_regclass(?)',
      [table]
    )
    /** reltuples is -1 before the table's first VACUUM or ANALYZE: read it whole */
    const percent = size?.rows > SAMPLED_ROWS ? (100 * SAMPLED_ROWS) / size.rows : 100
    const { rows } = await db.rawQuery(
      `SELECT trigram, count(*)::int AS rows
         FROM (SELECT ${column} AS text FROM ${table} TABLESAMPLE BERNOULLI (?) WHERE ${live}) sampled
        CROSS JOIN LATERAL unnest(show_trgm(sampled.text)) AS trigram
        WHERE trigram ~ '^[a-z0-9]{3}$'
        GROUP BY trigram`,
      [percent]
    )
    this.#sample = {
      counts: new Map(
        rows.map((row: { trigram: string; rows: number }) => [row.trigram, row.rows])
      ),
      scale: 100 / percent,
      takenAt: performance.now(),
    }
  }

  /** Drops the sample: every term is "not rare" until the next one */
  forget() {
    this.#sample = null
  }

  /** One attempt at a time: a sample's age past its TTL, or a failed one's retry delay */
  #takeWhenDue() {
    const now = performance.now()
    const due = this.#sample ? this.#sample.takenAt + SAMPLE_TTL_MS : 0
    if (now < Math.max(due, this.#attemptedAt + RETRY_MS)) return
    this.#attemptedAt = now
    this.take().catch((error) => logger.warn({ err: error }, 'term rarity: no sample taken'))
  }
}

/** Contract names (contracts.name_search, the stored lower-case name) */
export const contractNameRarity = new TermRarity({
  table: 'contracts',
  column: 'name_search',
  live: 'deleted_at IS NULL',
})
