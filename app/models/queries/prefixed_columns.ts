import type { LucidModel, LucidRow } from '@adonisjs/lucid/types/model'

/**
 * Several models read by ONE joined statement: each table's columns are
 * selected under a prefix (`alias__column`), so that the row can be split
 * back into model instances with the driver's own types (timestamps stay
 * Dates, as Lucid expects), which `to_jsonb` would turn into strings.
 */
export function prefixedColumns(model: LucidModel, alias: string) {
  return [...model.$columnsDefinitions.values()]
    .map(({ columnName }) => `${alias}."${columnName}" AS "${alias}__${columnName}"`)
    .join(', ')
}

/** The instance of `model` held in `row` under `alias` (null when the join found none) */
export function fromPrefixed<Model extends LucidModel>(
  model: Model,
  alias: string,
  row: Record<string, unknown>
): InstanceType<Model> | null {
  const prefix = `${alias}__`
  const own: Record<string, unknown> = {}
  for (const [name, value] of Object.entries(row)) {
    if (name.startsWith(prefix)) own[name.slice(prefix.length)] = value
  }
  const key = model.$columnsDefinitions.get(model.primaryKey)?.columnName ?? model.primaryKey
  if (own[key] === null || own[key] === undefined) return null
  return model.$createFromAdapterResult(own) as InstanceType<Model> & LucidRow
}
