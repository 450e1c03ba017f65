import { createHash } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'
import type { RawQueryBuilderContract } from '@adonisjs/lucid/types/querybuilder'
import { GENERIC_PLANS_CONNECTION } from '#config/database'
import { compileRaw, type KnexRaw } from '#support/compiled_raw'

/** What the statement is sent through: Knex's client of the query (its pool or transaction) */
interface ConnectionSource {
  acquireConnection(): Promise<{
    query(config: { name?: string; text: string; values?: readonly unknown[] }): Promise<{
      rows: any[]
    }>
  }>
  releaseConnection(connection: unknown): Promise<unknown>
  /** Knex's `query` event, which its runner would have emitted (statement counts, debugging) */
  emit(event: 'query', query: { sql: string; bindings: readonly unknown[]; method: 'raw' }): boolean
}

/** Statement names by SQL text (a digest is computed once per text, not per request) */
const names = new Map<string, string>()
const NAMES_MAX = 1000

/** The name a statement text is prepared under */
export function statementName(sql: string) {
  let name = names.get(sql)
  if (!name) {
    name = `prepared_${createHash('sha1').update(sql).digest('hex')}`
    if (names.size >= NAMES_MAX) names.clear()
    names.set(sql, name)
  }
  return name
}

/**
 * The plan mode of one statement's run inside a transaction (the tests'
 * global one): set before it and reset after it on the transaction's
 * connection, so no other statement is planned generically. Inside a
 * transaction that fails, the rollback undoes the setting too.
 */
const FORCE_GENERIC_PLAN = 'SET plan_cache_mode = force_generic_plan'
const PLAN_MODE_RESET = 'RESET plan_cache_mode'

/** Knex's client of the connection whose sessions plan generically (GENERIC_PLANS_CONNECTION) */
function genericPlansSource() {
  return db.connection(GENERIC_PLANS_CONNECTION).getReadClient()
    .client as unknown as ConnectionSource
}

/**
 * Runs a raw query as a named prepared statement of the connection that
 * runs it (node-postgres parses it once per connection, then only binds
 * and executes) and returns the driver's result. For the big
 * JSON-building statements of the hot lists and the authenticated floor:
 * PostgreSQL planned them on every request, and planning cost more than
 * running them (C1: 6-9 ms of planning for 2.5-3.5 ms of execution at
 * 10x). A prepared statement keeps its plan for the session; after five
 * executions PostgreSQL keeps a generic plan when it costs no more than
 * the custom ones, so keep every value that changes the plan's shape (a
 * LIMIT from a constant, say; pageWindowSql) in the text, and only values
 * the plan does not depend on as bindings.
 *
 * The name is a digest of the SQL text (node-postgres refuses one name for
 * two texts), so each variant of a statement (optional filters) is its own
 * prepared statement. Only the plan is kept, never data: PostgreSQL
 * invalidates it on any schema change of the tables it reads.
 *
 * The statement is compiled once (compileRaw) and sent on a connection of the
 * query's client (the pool, or the transaction's own connection), not
 * through Knex's runner: these statements run on every request, and the
 * runner compiled the text a second time and wrapped the call in layers
 * that cost about as much as the driver itself. `generic`: run on the
 * statement's generic plan, whatever PostgreSQL would choose (StatementPlan),
 * on a connection of GENERIC_PLANS_CONNECTION (in a transaction, on its
 * own connection between a SET and a RESET).
 */
export async function asPreparedStatement(
  query: RawQueryBuilderContract,
  { generic = false }: { generic?: boolean } = {}
): Promise<{ rows: any[] }> {
  const { sql, bindings } = compileRaw(query.knexQuery as unknown as KnexRaw)
  const client = (query.knexQuery as unknown as { client: ConnectionSource }).client
  /** Off a transaction, a generic run takes a connection of the generic-plan sessions */
  const source = generic && !query.client.isTransaction ? genericPlansSource() : client
  const connection = await source.acquireConnection()
  client.emit('query', { sql, bindings, method: 'raw' })
  const statement = { name: statementName(sql), text: sql, values: bindings }
  try {
    if (!generic || source !== client) return await connection.query(statement)
    await connection.query({ text: FORCE_GENERIC_PLAN })
    try {
      return await connection.query(statement)
    } finally {
      /** Fails only in a transaction the statement aborted, whose rollback undoes the SET */
      await connection.query({ text: PLAN_MODE_RESET }).catch(() => {})
    }
  } finally {
    await source.releaseConnection(connection)
  }
}

/** What `prepared` reads of a Knex query builder: its compilation, as Knex's runner calls it */
interface CompiledQuery {
  sql: string
  options?: Record<string, unknown>
}
interface KnexBacked {
  knexQuery: unknown
}

/**
 * Sends a query built by Lucid or the query builder as a named prepared
 * statement of the connection that runs it (as asPreparedStatement):
 * node-postgres parses it once per connection and PostgreSQL keeps its
 * plan. For the small statements every request of a hot route runs (the
 * caller's memberships, the inbox counter, a borrower, the pending steps):
 * each was planned on every run, 0.1-0.75 ms, often more than it ran. The
 * plan must not depend on the values: the generic plan of a provider's
 * links or hours read a 180,000-link provider's 2-3x slower, so those are
 * prepared only for a provider of few links (`plannedAs`,
 * CompanyMember.providerIdentitiesOf). The name
 * is taken from the text Knex compiles when the query runs (after
 * `first()`'s LIMIT), through the runner's own `toSQL()` call; Knex hands
 * the compiled `options` to node-postgres with the text. Only for queries
 * whose text is one of a few (a `whereIn` list is a text per length).
 */
export function prepared<Query extends KnexBacked>(query: Query): Query {
  prepareBuilder(query.knexQuery as KnexBuilder)
  return query
}

interface KnexBuilder {
  toSQL(...args: unknown[]): CompiledQuery
  clone?(): KnexBuilder
}

/** Names the builder's statements, and its clones' (`paginate()` counts through a clone) */
function prepareBuilder(builder: KnexBuilder) {
  const compile = builder.toSQL.bind(builder)
  builder.toSQL = (...args: unknown[]) => {
    const compiled = compile(...args)
    compiled.options = { ...compiled.options, name: statementName(compiled.sql) }
    return compiled
  }
  if (!builder.clone) return
  const cloneOf = builder.clone.bind(builder)
  builder.clone = () => {
    const cloned = cloneOf()
    prepareBuilder(cloned)
    return cloned
  }
}

/** The query prepared (`prepared`) when its plan is `kept`, as is (planned on each run) otherwise */
export function plannedAs<Query extends KnexBacked>(query: Query, plan: BuiltQueryPlan): Query {
  return plan === 'kept' ? prepared(query) : query
}

/**
 * How a list's statement is planned:
 * - `each run`: planned on every run, unprepared, when a search pattern it
 *   carries decides its plan: a generic plan cannot see how many rows the
 *   pattern matches (a word in every name, or in three), and a prepared
 *   search settled on one and read a selective search's whole company
 *   (p99 0.5 s at 10x);
 * - `kept`: prepared, PostgreSQL keeps a generic plan when it costs no
 *   more than the custom ones (asPreparedStatement);
 * - `generic`: prepared and always run on its generic plan (on a session
 *   of GENERIC_PLANS_CONNECTION, asPreparedStatement), for every list's
 *   statement (searchPlan: the contracts, the board, the team, the
 *   providers), written so that neither a word with trigrams nor the
 *   company's size decides its plan (the bounded searches' samples and
 *   walks, matchesScopeSql). PostgreSQL's rule planned them on most runs,
 *   as a custom plan's estimate for one word or company looked cheaper: in
 *   the mix at 10x, 10 s of PostgreSQL's 55 s went to planning (2.4-3.2 ms
 *   a contracts search, 1.2 ms a team page), and on their generic plans
 *   they run as fast or faster ("consultoria" 20 -> 12 ms, a team page
 *   4.2 -> 3.5 ms, docs/reports/bench.md, session 15). A contracts search
 *   within a status filter names its statuses in its text (their trigram
 *   indexes, filteredStatuses), so it is generic too (session 17).
 */
export type StatementPlan = 'each run' | 'kept' | 'generic'

/** The plans of a query built by Lucid or the query builder (`plannedAs`): never forced generic */
export type BuiltQueryPlan = Exclude<StatementPlan, 'generic'>

/** Runs a list's statement as its `plan` says (StatementPlan) */
export async function runListStatement(
  query: RawQueryBuilderContract,
  plan: StatementPlan
): Promise<{ rows: any[] }> {
  if (plan === 'each run') return await query
  return await asPreparedStatement(query, { generic: plan === 'generic' })
}
