import db from '@adonisjs/lucid/services/db'
import ComplianceFlow from '#models/compliance_flow'
import { pgArray } from '#support/compliance'
import type { AttachedProviderRow } from '#dtos/compliance_flow_dto'
import { describeProviders } from '#services/compliance/providers'

/** A flow query of the company with its steps, requirements and validators preloaded */
export function flowsOf(companyId: string) {
  return ComplianceFlow.query()
    .withScopes((scopes) => scopes.ownedBy(companyId))
    .preload('steps', (steps) =>
      steps
        .orderBy('position')
        .preload('documents', (documents) => documents.orderBy('position'))
        .preload('validators', (validators) => validators.orderBy('id').preload('user'))
    )
}

/**
 * Attached providers of the flows, newest first, at most `limit` per flow
 * (one LATERAL query on the partial index, then one batch of names), for
 * ComplianceFlowDto.fromFlows.
 */
export async function attachedProvidersOf(flowIds: string[], limit: number | null = null) {
  if (!flowIds.length) return new Map<string, AttachedProviderRow[]>()
  const { rows } = await db.rawQuery(
    `SELECT a.id, a.flow_id, a.provider_id, a.contract_id, c.name AS contract_name, a.attached_at
       FROM unnest(CAST(? AS uuid[])) AS f(id)
       CROSS JOIN LATERAL (
         SELECT * FROM provider_compliance_flows
          WHERE flow_id = f.id AND detached_at IS NULL
          ORDER BY attached_at DESC, id
          LIMIT ?
       ) a
       LEFT JOIN contracts c ON c.id = a.contract_id`,
    [pgArray(flowIds), limit]
  )
  const providers = await describeProviders(rows.map((row: any) => row.provider_id))
  const byFlow = new Map<string, AttachedProviderRow[]>()
  for (const row of rows) {
    const provider = providers.get(row.provider_id)
    const list = byFlow.get(row.flow_id) ?? []
    list.push({
      id: row.id,
      providerId: row.provider_id,
      name: provider?.name ?? '',
      document: provider?.document ?? '',
      contractId: row.contract_id,
      contractName: row.contract_name,
      attachedAt: new Date(row.attached_at).toISOString(),
    })
    byFlow.set(row.flow_id, list)
  }
  return byFlow
}
