import db from '@adonisjs/lucid/services/db'

/**
 * The prepared statements of the tests' connection (every request runs on
 * the global transaction's) whose text holds `marker` (all when empty), and
 * their runs: a statement planned on each run is not prepared, so it adds
 * none.
 */
export async function preparedRuns(marker = '') {
  const { rows } = await db.rawQuery(
    `SELECT count(*)::int AS statements, coalesce(sum(generic_plans + custom_plans), 0)::int AS runs
       FROM pg_prepared_statements WHERE NOT from_sql AND strpos(statement, ?) > 0`,
    [marker]
  )
  return rows[0] as { statements: number; runs: number }
}

/**
 * How the prepared statements whose text holds `marker` were planned: runs
 * on their generic plan and runs planned for their values
 */
export async function planCounts(marker: string) {
  const { rows } = await db.rawQuery(
    `SELECT coalesce(sum(generic_plans), 0)::int AS generic, coalesce(sum(custom_plans), 0)::int AS custom
       FROM pg_prepared_statements WHERE NOT from_sql AND strpos(statement, ?) > 0`,
    [marker]
  )
  return rows[0] as { generic: number; custom: number }
}
