import type { LucidModel, LucidRow } from '@adonisjs/lucid/types/model'

/**
 * Several models read by ONE joined statement, each table's row as ONE
 * JSON value (`row_to_json`), which fromRowJson turns into its model: the
 * statement returns one field per table instead of one per column. The
 * driver's work is per field of each result, on every run: reading the
 * fields' descriptions, picking a parser for each and building the row
 * object. For the authenticated floor's 45 prefixed columns (`u__name`...)
 * that was 0.04-0.07 ms of the API's CPU on every request, a sixth of a
 * cached read's; parsing the four rows' JSON costs a fraction of it
 * (docs/reports/bench.md, session 29).
 *
 * JSON keeps text, uuids, enums, booleans, numbers, arrays and JSON
 * columns as the driver reads them; fromRowJson turns timestamps (JSON
 * text) back into the driver's Dates. Not for 64-bit integers or
 * numerics unless their model consumes them as numbers (`@numberColumn`):
 * the driver reads them as strings, JSON as numbers.
 * (tests/functional/system/row_json.spec.ts holds every model read this
 * way to Lucid's own hydration of the driver's row.)
 */
export const rowJsonSql = (alias: string) => `row_to_json(${alias})`

/** One column of a model: its column name, its attribute, how its value is consumed */
interface ModelColumn {
  column: string
  attribute: string
  consume?: (value: unknown, attribute: string, model: LucidRow) => unknown
  /** Its JSON text as the driver would give it (timestamps: Dates) */
  fromText?: (text: string) => unknown
}

/**
 * By Lucid column type, how a column's JSON text becomes what the driver
 * gives: a timestamp a Date (Lucid reads a timestamp's text as SQL text,
 * which JSON's is not); a date's text Lucid reads as the driver's Date
 */
const FROM_TEXT: Record<string, (text: string) => unknown> = {
  datetime: (text) => new Date(text),
}

/** Per model, its columns, listed once */
const columnsByModel = new WeakMap<LucidModel, ModelColumn[]>()

function columnsOf(model: LucidModel) {
  let columns = columnsByModel.get(model)
  if (!columns) {
    columns = [...model.$columnsDefinitions].map(([attribute, definition]) => ({
      column: definition.columnName,
      attribute,
      consume: definition.consume,
      fromText: FROM_TEXT[definition.meta?.type as string],
    }))
    columnsByModel.set(model, columns)
  }
  return columns
}

/** A column value Lucid's originals hold a copy of (lodash.merge copies plain objects and arrays) */
const copied = (value: unknown) =>
  value !== null &&
  typeof value === 'object' &&
  (Array.isArray(value) || Object.getPrototypeOf(value) === Object.prototype)
    ? structuredClone(value)
    : value

/**
 * The instance of `model` whose row `rowJsonSql` read (null for a NULL:
 * a LEFT JOIN that found none), as Lucid's `$createFromAdapterResult`
 * builds it from the driver's row: each column consumed into its
 * attribute, the originals a copy (plain objects and arrays copied, as
 * lodash.merge copies them), persisted. Assigned in one step each:
 * Lucid's path sets every attribute through the instance's proxy and
 * merges the originals with lodash (32 µs for the authenticated floor's
 * user, membership and company on every request; 15 µs this way).
 */
export function fromRowJson<Model extends LucidModel>(
  model: Model,
  row: Record<string, unknown> | null
): InstanceType<Model> | null {
  if (!row) return null
  model.boot()
  const columns = columnsOf(model)
  const instance = new model() as InstanceType<Model> & LucidRow
  const attributes: Record<string, unknown> = {}
  const original: Record<string, unknown> = {}
  for (const { column, attribute, consume, fromText } of columns) {
    let value = row[column]
    if (fromText && typeof value === 'string') value = fromText(value)
    if (consume) value = consume(value, attribute, instance)
    attributes[attribute] = value
    original[attribute] = copied(value)
  }
  instance.$attributes = attributes
  instance.$original = original
  instance.$isPersisted = true
  instance.$isLocal = false
  return instance
}

/** One branch of rowJsonBranchesSql: the models its rows hold (each under its alias), read by `from` */
export interface RowJsonBranch {
  models: [LucidModel, string][]
  /** `FROM ... WHERE ...` of the branch's rows (the aliases its joins name) */
  from: string
  /** The order of the branch's rows */
  order: string
}

/**
 * Several models' rows of different shapes in ONE statement (a record and
 * its relations): a UNION ALL of the branches, each selecting the row of
 * every model of every branch as JSON under its alias (a NULL for the
 * models it does not read), plus `branch` (its index in `branches`) and
 * `rank` (the row's place in its branch's order). Rows come by branch,
 * then rank; branchRows picks a branch's, fromRowJson builds each model.
 * As prefixed columns, each branch listed every model's columns (typed
 * NULLs for the others'): the contract detail's statement was 73 KB of
 * text and 150 fields a row, which PostgreSQL copied and set up on every
 * run and the driver described field by field (bench.md, session 29).
 */
export function rowJsonBranchesSql(branches: RowJsonBranch[]) {
  const aliases = branches.flatMap((branch) => branch.models.map(([, alias]) => alias))
  const selects = branches.map((branch, index) => {
    const own = new Set(branch.models.map(([, alias]) => alias))
    const rows = aliases.map(
      (alias) => `${own.has(alias) ? rowJsonSql(alias) : 'NULL::json'} AS ${alias}`
    )
    return `(SELECT ${index} AS branch, row_number() OVER (ORDER BY ${branch.order}) AS rank,
             ${rows.join(', ')}
        ${branch.from})`
  })
  return `${selects.join('\n UNION ALL\n')}\n ORDER BY branch, rank`
}

/** The rows of branch `index` of a rowJsonBranchesSql statement */
export function branchRows<Row extends Record<string, unknown>>(rows: Row[], index: number) {
  return rows.filter((row) => row.branch === index)
}
