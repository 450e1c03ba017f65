/** A node of `EXPLAIN (ANALYZE, FORMAT JSON)` output, with the fields the plan tests read */
export interface PlanNode {
  'Node Type': string
  'Relation Name'?: string
  'Index Name'?: string
  'CTE Name'?: string
  'Actual Rows': number
  'Actual Loops': number
  'Rows Removed by Filter'?: number
  'Plans'?: PlanNode[]
}

/** A plan node and every node below it, depth first */
export function nodesOf(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(nodesOf)]
}
