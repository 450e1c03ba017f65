import type { LucidModel, LucidRow } from '@adonisjs/lucid/types/model'

/** Per model and alias: the select list and the (prefixed, column) name pairs, built once */
const layouts = new WeakMap<
  LucidModel,
  Map<string, { select: string; pairs: [string, string][] }>
>()

function layout(model: LucidModel, alias: string) {
  let byAlias = layouts.get(model)
  if (!byAlias) layouts.set(model, (byAlias = new Map()))
  let found = byAlias.get(alias)
  if (!found) {
    const columns = [...model.$columnsDefinitions.values()].map(({ columnName }) => columnName)
    found = {
      select: columns.map((name) => `${alias}."${name}" AS "${alias}__${name}"`).join(', '),
      pairs: columns.map((name) => [`${alias}__${name}`, name]),
    }
    byAlias.set(alias, found)
  }
  return found
}

/**
 * Several models read by ONE joined statement: each table's columns are
 * selected under a prefix (`alias__column`), so that the row can be split
 * back into model instances with the driver's own types (timestamps stay
 * Dates, as Lucid expects), which `to_jsonb` would turn into strings.
 * The authenticated floor runs this on every request: the lists are built
 * once per model and alias.
 */
export function prefixedColumns(model: LucidModel, alias: string) {
  return layout(model, alias).select
}

/** The instance of `model` held in `row` under `alias` (null when the join found none) */
export function fromPrefixed<Model extends LucidModel>(
  model: Model,
  alias: string,
  row: Record<string, unknown>
): InstanceType<Model> | null {
  const own: Record<string, unknown> = {}
  for (const [prefixed, name] of layout(model, alias).pairs) own[name] = row[prefixed]
  const key = model.$columnsDefinitions.get(model.primaryKey)?.columnName ?? model.primaryKey
  if (own[key] === null || own[key] === undefined) return null
  return model.$createFromAdapterResult(own) as InstanceType<Model> & LucidRow
}
