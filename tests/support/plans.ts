import db from '@adonisjs/lucid/services/db'
import { companyWithOwner } from '#tests/support/tenancy'

/** A node of `EXPLAIN (ANALYZE, FORMAT JSON)` output, with the fields the plan tests read */
export interface PlanNode {
  'Node Type': string
  'Relation Name'?: string
  'Index Name'?: string
  'CTE Name'?: string
  /** `CTE <name>` on the top node of a CTE's plan */
  'Subplan Name'?: string
  'Actual Rows': number
  'Actual Loops': number
  'Rows Removed by Filter'?: number
  'Index Cond'?: string
  'Recheck Cond'?: string
  'Filter'?: string
  'Plans'?: PlanNode[]
}

/** A plan node and every node below it, depth first */
export function nodesOf(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(nodesOf)]
}

/** EXPLAIN (ANALYZE, FORMAT JSON) of a statement with named bindings, every node */
export async function explainNodes(
  statement: { sql: string; bindings: Record<string, unknown> | unknown[] },
  { seqScan = true } = {}
) {
  return db.transaction(async (trx) => {
    /** The planner's choice on a table this small may be a seq scan: `seqScan: false` rules it out */
    if (!seqScan) await trx.rawQuery('SET LOCAL enable_seqscan = off')
    const result = await trx.rawQuery(
      `EXPLAIN (ANALYZE, FORMAT JSON) ${statement.sql}`,
      statement.bindings as any
    )
    return nodesOf(result.rows[0]['QUERY PLAN'][0].Plan as PlanNode)
  })
}

/**
 * A borrower (and a neighbour with the same rows) with `perStatus`
 * contracts "Plan n" in each of `statuses`, newest first by n (the statuses
 * in turn), ANALYZEd
 */
export async function borrowerWithPlans(statuses: readonly string[], perStatus: number) {
  const { company } = await companyWithOwner()
  const neighbour = await companyWithOwner()
  await db.rawQuery(
    `INSERT INTO contracts (id, company_id, name, status, progress, snapshot, created_at, updated_at)
     SELECT gen_random_uuid(), company_id, 'Plan ' || n,
            (CAST(? AS text[]))[1 + n % cardinality(CAST(? AS text[]))], n % 101,
            '{}', now() - make_interval(mins => n), now() - make_interval(mins => n)
       FROM generate_series(1, ?::int) AS n, unnest(CAST(? AS uuid[])) AS company_id`,
    [statuses, statuses, perStatus * statuses.length, [company.id, neighbour.company.id]]
  )
  await db.rawQuery('ANALYZE contracts')
  return company
}
