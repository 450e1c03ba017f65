import type { LucidModel, LucidRow } from '@adonisjs/lucid/types/model'

/** One column of a model under an alias: its prefixed name, its column name, its attribute */
interface PrefixedColumn {
  prefixed: string
  column: string
  attribute: string
  consume?: (value: unknown, attribute: string, model: LucidRow) => unknown
}

/** Per model and alias: the select list and the columns, built once */
const layouts = new WeakMap<
  LucidModel,
  Map<string, { select: string; columns: PrefixedColumn[] }>
>()

function layout(model: LucidModel, alias: string) {
  let byAlias = layouts.get(model)
  if (!byAlias) layouts.set(model, (byAlias = new Map()))
  let found = byAlias.get(alias)
  if (!found) {
    const columns = [...model.$columnsDefinitions].map(([attribute, { columnName, consume }]) => ({
      prefixed: `${alias}__${columnName}`,
      column: columnName,
      attribute,
      consume,
    }))
    found = {
      select: columns
        .map(({ column, prefixed }) => `${alias}."${column}" AS "${prefixed}"`)
        .join(', '),
      columns,
    }
    byAlias.set(alias, found)
  }
  return found
}

/** A column value Lucid's originals hold a copy of (lodash.merge copies plain objects and arrays) */
const copied = (value: unknown) =>
  value !== null &&
  typeof value === 'object' &&
  (Array.isArray(value) || Object.getPrototypeOf(value) === Object.prototype)
    ? structuredClone(value)
    : value

/**
 * Several models read by ONE joined statement: each table's columns are
 * selected under a prefix (`alias__column`), so that the row can be split
 * back into model instances with the driver's own types (timestamps stay
 * Dates, as Lucid expects). The lists are built once per model and alias.
 * For a few rows of tables whose columns JSON keeps as the driver reads
 * them, `rowJsonSql` and `fromRowJson` cost less (the authenticated floor).
 */
export function prefixedColumns(model: LucidModel, alias: string) {
  return layout(model, alias).select
}

/**
 * The instance of `model` held in `row` under `alias` (null when the join
 * found none), as Lucid's `$createFromAdapterResult` builds it: each
 * column consumed into its attribute, the originals a copy (plain objects
 * and arrays copied, as lodash.merge copies them), persisted. Assigned in
 * one step each: Lucid's path sets every attribute through the instance's
 * proxy and merges the originals with lodash (32 µs for the authenticated
 * floor's user, membership and company on every request; 15 µs this way).
 */
export function fromPrefixed<Model extends LucidModel>(
  model: Model,
  alias: string,
  row: Record<string, unknown>
): InstanceType<Model> | null {
  const { columns } = layout(model, alias)
  const key = model.$columnsDefinitions.get(model.primaryKey)?.columnName ?? model.primaryKey
  const id = row[`${alias}__${key}`]
  if (id === null || id === undefined) return null
  model.boot()
  const instance = new model() as InstanceType<Model> & LucidRow
  const attributes: Record<string, unknown> = {}
  const original: Record<string, unknown> = {}
  for (const { prefixed, attribute, consume } of columns) {
    const value = consume ? consume(row[prefixed], attribute, instance) : row[prefixed]
    attributes[attribute] = value
    original[attribute] = copied(value)
  }
  return persisted(instance, attributes, original)
}

/** The instance as Lucid leaves one it read: its attributes and originals set, persisted */
function persisted<Instance extends LucidRow>(
  instance: Instance,
  attributes: Record<string, unknown>,
  original: Record<string, unknown>
) {
  instance.$attributes = attributes
  instance.$original = original
  instance.$isPersisted = true
  instance.$isLocal = false
  return instance
}

/**
 * The row of table alias `alias` as ONE JSON value (`row_to_json`), which
 * fromRowJson turns into its model: a statement that joins several tables
 * returns one field per table instead of one per column. The driver's
 * work is per field of each result, on every run: reading the fields'
 * descriptions, picking a parser for each and building the row object.
 * For the authenticated floor's 45 columns that was 0.04-0.07 ms of the
 * API's CPU on every request, a sixth of a cached read's
 * (docs/reports/bench.md, session 29); parsing the four rows' JSON costs a
 * fraction of it. Only for tables whose columns JSON keeps as the driver
 * reads them: text, uuid, enums, integers, booleans and timestamps (JSON
 * text, turned back into Dates by fromRowJson); not 64-bit integers or
 * numerics (the driver reads them as strings, JSON as numbers) nor dates.
 */
export const rowJsonSql = (alias: string) => `row_to_json(${alias})`

/** Per model, the attributes of its datetime columns: their JSON text becomes a Date, as the driver gives it */
const datetimeAttributes = new WeakMap<LucidModel, Set<string>>()

function datetimesOf(model: LucidModel) {
  let found = datetimeAttributes.get(model)
  if (!found) {
    found = new Set(
      [...model.$columnsDefinitions]
        .filter(([, column]) => column.meta?.type === 'datetime')
        .map(([attribute]) => attribute)
    )
    datetimeAttributes.set(model, found)
  }
  return found
}

/**
 * The instance of `model` whose row `rowJsonSql` read (null for a NULL:
 * a LEFT JOIN that found none), built as fromPrefixed builds one from
 * prefixed columns: the same attributes, originals and state.
 */
export function fromRowJson<Model extends LucidModel>(
  model: Model,
  row: Record<string, unknown> | null
): InstanceType<Model> | null {
  if (!row) return null
  const { columns } = layout(model, '')
  const datetimes = datetimesOf(model)
  model.boot()
  const instance = new model() as InstanceType<Model> & LucidRow
  const attributes: Record<string, unknown> = {}
  const original: Record<string, unknown> = {}
  for (const { column, attribute, consume } of columns) {
    let value = row[column]
    if (typeof value === 'string' && datetimes.has(attribute)) value = new Date(value)
    if (consume) value = consume(value, attribute, instance)
    attributes[attribute] = value
    original[attribute] = copied(value)
  }
  return persisted(instance, attributes, original)
}

/** One branch of prefixedBranchesSql: the models its rows hold (each under its alias), read by `from` */
export interface PrefixedBranch {
  models: [LucidModel, string][]
  /** `FROM ... WHERE ...` of the branch's rows (the aliases its joins name) */
  from: string
  /** The order of the branch's rows */
  order: string
}

/**
 * The prefixed columns of `model` under `alias`, each a NULL of its
 * column's type (`(NULL::table).column`: the table's row type names it)
 */
function nullColumns(model: LucidModel, alias: string) {
  /** Its table name is set when it boots */
  model.boot()
  return layout(model, alias)
    .columns.map(({ prefixed, column }) => `(NULL::${model.table})."${column}" AS "${prefixed}"`)
    .join(', ')
}

/**
 * Several models' rows of different shapes in ONE statement (a record and
 * its relations): a UNION ALL of the branches, each selecting every
 * branch's models under their aliases (prefixedColumns), a typed NULL for
 * the models it does not read (nullColumns: an untyped NULL would be
 * text), plus `branch` (its index in `branches`) and `rank_<branch>` (the
 * row's place in its branch's order). Rows come by branch, then rank;
 * branchRows picks a branch's, fromPrefixed splits each row back.
 */
export function prefixedBranchesSql(branches: PrefixedBranch[]) {
  const everyModel = branches.flatMap((branch) => branch.models)
  const selects = branches.map((branch, index) => {
    const own = new Set(branch.models.map(([, alias]) => alias))
    const columns = everyModel.map(([model, alias]) =>
      own.has(alias) ? prefixedColumns(model, alias) : nullColumns(model, alias)
    )
    return `(SELECT ${index} AS branch, row_number() OVER (ORDER BY ${branch.order}) AS rank,
             ${columns.join(', ')}
        ${branch.from})`
  })
  return `${selects.join('\n UNION ALL\n')}\n ORDER BY branch, rank`
}

/** The rows of branch `index` of a prefixedBranchesSql statement */
export function branchRows<Row extends Record<string, unknown>>(rows: Row[], index: number) {
  return rows.filter((row) => row.branch === index)
}
