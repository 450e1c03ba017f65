import { randomUUID } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'
import type { DateTime } from 'luxon'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { NotFoundException, UnprocessableException } from '#exceptions/http_exceptions'
import { pgArray } from '#support/compliance'
import ComplianceStep from '#models/compliance_step'
import ProviderComplianceFlow from '#models/provider_compliance_flow'
import type { StepLeadership } from '#dtos/provider_compliance_flow_dto'
import type { ActiveProvider } from '#dtos/available_provider_dto'
import { activeProviders } from '#services/compliance/providers'
import { assertBorrowerSideUsers } from '#services/compliance/members'

/** The active providers with these ids, or 404 `Prestadores não encontrados: <ids>` (D6, D9) */
export async function requireActiveProviders(
  companyId: string,
  ids: string[],
  trx?: TransactionClientContract
) {
  const providers = await activeProviders(companyId, { ids }, trx)
  const byId = new Map(providers.map((provider) => [provider.providerId, provider]))
  const missing = [...new Set(ids)].filter((id) => !byId.has(id))
  if (missing.length)
    throw new NotFoundException('errors.providers_not_found', { data: { ids: missing.join(', ') } })
  return byId
}

/**
 * Refreshes updatedAt of the flows (D6, D7, D9). providersCount is kept by
 * the triggers on provider_compliance_flows (decisions.md, "Performance:
 * compliance lists"), so no write recounts a flow's attachments.
 */
export async function touchFlows(flowIds: string[], now: DateTime, trx: TransactionClientContract) {
  if (!flowIds.length) return
  await trx.rawQuery(
    'UPDATE compliance_flows SET updated_at = ? WHERE id = ANY(CAST(? AS uuid[]))',
    [now.toJSDate(), pgArray([...new Set(flowIds)])]
  )
}

/**
 * Attaches providers to flows. Pairs already attached are left as they
 * are, untouched: when every pair exists nothing is written and no flow's
 * `updatedAt` moves (an idempotent no-op); a detached pair is
 * attached again (same id, new attachedAt and contract). Only the flows
 * that gained a pair are touched. Returns the attachment id of every pair.
 */
export async function attachPairs(
  companyId: string,
  pairs: { flowId: string; provider: ActiveProvider }[],
  now: DateTime,
  trx: TransactionClientContract
) {
  const unique = new Map(pairs.map((pair) => [`${pair.flowId}:${pair.provider.providerId}`, pair]))
  if (!unique.size) return new Map<string, string>()
  const values = [...unique.values()].flatMap(({ flowId, provider }) => [
    randomUUID(),
    companyId,
    flowId,
    provider.providerId,
    provider.providerType,
    provider.contractId,
    now.toJSDate(),
  ])
  const placeholders = [...unique.values()].map(() => '(?, ?, ?, ?, ?, ?, ?)').join(', ')
  /** RETURNING lists the inserted and the revived rows only: the conflict update is conditional */
  const { rows: changed } = await trx.rawQuery(
    `INSERT INTO provider_compliance_flows
            (id, company_id, flow_id, provider_id, provider_type, contract_id, attached_at)
     VALUES ${placeholders}
     ON CONFLICT (flow_id, provider_id) DO UPDATE SET
       attached_at = EXCLUDED.attached_at,
       contract_id = EXCLUDED.contract_id,
       detached_at = NULL
     WHERE provider_compliance_flows.detached_at IS NOT NULL
     RETURNING flow_id`,
    values
  )
  await touchFlows(
    changed.map((row: { flow_id: string }) => row.flow_id),
    now,
    trx
  )
  const flowIds = [...new Set([...unique.values()].map((pair) => pair.flowId))]
  const providerIds = [...new Set([...unique.values()].map((pair) => pair.provider.providerId))]
  const { rows } = await trx.rawQuery(
    `SELECT id, flow_id, provider_id FROM provider_compliance_flows
      WHERE company_id = ? AND flow_id = ANY(CAST(? AS uuid[]))
        AND provider_id = ANY(CAST(? AS uuid[]))`,
    [companyId, pgArray(flowIds), pgArray(providerIds)]
  )
  return new Map<string, string>(
    rows
      .map((row: { id: string; flow_id: string; provider_id: string }) => [
        `${row.flow_id}:${row.provider_id}`,
        row.id,
      ])
      .filter(([key]: [string, string]) => unique.has(key))
  )
}

/** Replaces the immediate leaderships of an attachment (E11, E12) */
export async function replaceLeaderships(
  attachment: ProviderComplianceFlow,
  stepLeaderships: StepLeadership[],
  trx: TransactionClientContract
) {
  const stepIds = stepLeaderships.map((leadership) => leadership.stepId)
  const steps = await ComplianceStep.query({ client: trx })
    .where('flow_id', attachment.flowId)
    .whereIn('id', stepIds.length ? stepIds : [randomUUID()])
    .select('id')
  const known = new Set(steps.map((step) => step.id))
  const unknown = stepIds.filter((id) => !known.has(id))
  if (unknown.length)
    throw new UnprocessableException('errors.steps_not_in_flow', {
      data: { ids: unknown.join(', ') },
    })
  await assertBorrowerSideUsers(
    attachment.companyId,
    stepLeaderships.flatMap((leadership) => leadership.immediateLeadershipIds),
    'errors.leaders_not_members',
    trx
  )

  await trx
    .from('provider_compliance_flow_leaderships')
    .where('provider_compliance_flow_id', attachment.id)
    .delete()
  const rows = stepLeaderships.flatMap(({ stepId, immediateLeadershipIds }) =>
    [...new Set(immediateLeadershipIds)].map((userId) => ({
      provider_compliance_flow_id: attachment.id,
      step_id: stepId,
      user_id: userId,
    }))
  )
  if (rows.length) await trx.table('provider_compliance_flow_leaderships').multiInsert(rows)
}

/** Leader user ids per attachment and step: `${attachmentId}:${stepId}` -> user ids */
export async function leadershipsOf(attachmentIds: string[], trx?: TransactionClientContract) {
  const client = trx ?? db
  const rows: { provider_compliance_flow_id: string; step_id: string; user_id: string }[] =
    attachmentIds.length
      ? await client
          .from('provider_compliance_flow_leaderships')
          .whereIn('provider_compliance_flow_id', [...new Set(attachmentIds)])
          .orderBy('user_id')
      : []
  const result = new Map<string, string[]>()
  for (const row of rows) {
    const key = `${row.provider_compliance_flow_id}:${row.step_id}`
    result.set(key, [...(result.get(key) ?? []), row.user_id])
  }
  return result
}

/**
 * Attachments by id, in the given order, with their flow, contract and
 * step leaderships loaded (ProviderComplianceFlowDto.fromAttachments)
 */
export async function attachmentsWithLeaderships(ids: string[], trx?: TransactionClientContract) {
  const attachments = await ProviderComplianceFlow.query({ client: trx })
    .whereIn('id', ids.length ? ids : [randomUUID()])
    .preload('flow')
    .preload('contract')
  const leaderships = await leadershipsOf(ids, trx)
  const byId = new Map(attachments.map((attachment) => [attachment.id, attachment]))
  return ids
    .map((id) => byId.get(id))
    .filter((attachment) => attachment !== undefined)
    .map((attachment) => {
      const prefix = `${attachment.id}:`
      const stepLeaderships: StepLeadership[] = [...leaderships.entries()]
        .filter(([key]) => key.startsWith(prefix))
        .map(([key, userIds]) => ({
          stepId: key.slice(prefix.length),
          immediateLeadershipIds: userIds,
        }))
      return { attachment, stepLeaderships }
    })
}
