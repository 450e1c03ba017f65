import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import type { FlowStatus } from '#support/compliance'
import type { ProviderType } from '#models/provider_compliance_flow'
import type { AttachedProviderRow, FlowRow, StepShape } from '#dtos/compliance_flow_dto'
import { formatProviderDocument } from '#services/compliance/providers'

/**
 * One compliance step (alias `s`) as JSON with its requirements and
 * validators (users joined), keyed as COMPLIANCE_STEP_SHAPE reads it: the
 * flow and compliance lists build their steps in the statement that reads
 * them, instead of one query per level of preloads.
 */
export const STEP_JSON_SQL = `json_build_object(
  'id', s.id, 'position', s.position, 'title', s.title, 'stepType', s.step_type,
  'frequency', s.frequency, 'dayStart', s.day_start, 'dayEnd', s.day_end,
  'monthStart', s.month_start, 'monthEnd', s.month_end,
  'platformDataTypes', s.platform_data_types, 'dependsOnPrevious', s.depends_on_previous,
  'includeImmediateLeadership', s.include_immediate_leadership,
  'onlyImmediateLeadershipRequired', s.only_immediate_leadership_required,
  'allValidatorsRequired', s.all_validators_required,
  'documents', (SELECT coalesce(json_agg(json_build_object(
                  'id', r.id, 'name', r.name, 'description', r.description,
                  'required', r.required, 'formats', r.formats) ORDER BY r.position), '[]'::json)
                 FROM compliance_document_requirements r WHERE r.step_id = s.id),
  'validators', (SELECT coalesce(json_agg(json_build_object(
                   'id', v.id, 'userId', v.user_id,
                   'user', json_build_object('id', u.id, 'name', u.name, 'avatar', u.avatar))
                   ORDER BY v.id), '[]'::json)
                  FROM compliance_step_validators v JOIN users u ON u.id = v.user_id
                 WHERE v.step_id = s.id))`

/**
 * The attached (not detached) providers of the flow `flowIdSql`, newest
 * first, as the FROM clause of their rows (`a` the attachment, `c` its
 * contract, `pc`/`pu` the provider company or user): at most
 * `slice.limit` from `slice.offset` (SQL: the named bindings `:attachedLimit`
 * and `:attachedOffset` unless the caller writes a constant slice, as D1
 * does so that its prepared plan can be generic; LIMIT NULL = all): the
 * page's ids first, from the partial index provider_compliance_flows_recent
 * (flow_id, attached_at DESC, id) alone (index-only, so a deep page skips
 * index entries, not table rows), then their rows.
 */
export const attachedRowsSql = (
  flowIdSql: string,
  slice = { limit: ':attachedLimit', offset: ':attachedOffset' }
) => `
    FROM (SELECT id FROM provider_compliance_flows
           WHERE flow_id = ${flowIdSql} AND detached_at IS NULL
           ORDER BY attached_at DESC, id
           LIMIT ${slice.limit} OFFSET ${slice.offset}) page
    JOIN provider_compliance_flows a ON a.id = page.id
    LEFT JOIN contracts c ON c.id = a.contract_id
    LEFT JOIN companies pc ON a.provider_type = 'LEGAL_ENTITY' AND pc.id = a.provider_id
    LEFT JOIN users pu ON a.provider_type = 'NATURAL_PERSON' AND pu.id = a.provider_id`

/** Those providers as a JSON array of rows (RawAttached) */
const attachedJsonSql = (flowIdSql: string) => `(
  SELECT coalesce(json_agg(json_build_object(
           'id', a.id, 'providerId', a.provider_id, 'providerType', a.provider_type,
           'name', coalesce(pc.name, pu.name), 'document', coalesce(pc.document, pu.cpf),
           'contractId', a.contract_id, 'contractName', c.name, 'attachedAt', a.attached_at)
           ORDER BY a.attached_at DESC, a.id), '[]'::json)
    ${attachedRowsSql(flowIdSql)})`

interface RawAttached {
  id: string
  providerId: string
  providerType: ProviderType
  name: string | null
  document: string | null
  contractId: string | null
  contractName: string | null
  attachedAt: string
}

const toAttached = (raw: RawAttached): AttachedProviderRow => ({
  id: raw.id,
  providerId: raw.providerId,
  name: raw.name ?? '',
  document: formatProviderDocument(raw.providerType, raw.document),
  contractId: raw.contractId,
  contractName: raw.contractName,
  attachedAt: new Date(raw.attachedAt).toISOString(),
})

interface FlowFilters {
  id?: string
  search?: string
  status?: FlowStatus
  page?: number
  perPage?: number | null
  /** Attached providers embedded per flow (null = all) */
  attachedLimit: number | null
}

/**
 * Flows of the company, newest change first, with their steps and
 * attached providers (FlowRow, for ComplianceFlowDto.fromRow) and the
 * number of flows matching: ONE statement whatever the number of flows,
 * steps or providers (the JSON columns are built only for the page's
 * rows, after the window count).
 */
export async function flowPage(companyId: string, filters: FlowFilters) {
  const page = filters.page ?? 1
  const perPage = filters.perPage ?? null
  const { conditions, bindings } = flowConditions(companyId, filters)
  const { rows } = await db.rawQuery(
    `SELECT f.id, f.name, f.description, f.status, f.providers_count, f.created_at, f.updated_at,
            count(*) OVER () AS total,
            (SELECT coalesce(json_agg(${STEP_JSON_SQL} ORDER BY s.position), '[]'::json)
               FROM compliance_steps s WHERE s.flow_id = f.id) AS steps,
            ${attachedJsonSql('f.id')} AS attached
       FROM compliance_flows f
      WHERE f.company_id = :companyId ${conditions}
      ORDER BY f.updated_at DESC, f.id DESC
      LIMIT :perPage OFFSET :offset`,
    {
      ...bindings,
      perPage,
      offset: perPage ? (page - 1) * perPage : 0,
      attachedLimit: filters.attachedLimit,
      attachedOffset: 0,
    }
  )
  const flows: FlowRow[] = rows.map((row: any) => ({
    id: row.id,
    name: row.name,
    description: row.description,
    status: row.status,
    providersCount: row.providers_count,
    createdAt: DateTime.fromJSDate(row.created_at),
    updatedAt: DateTime.fromJSDate(row.updated_at),
    steps: row.steps as StepShape[],
    attachedProviders: (row.attached as RawAttached[]).map(toAttached),
  }))
  const total = rows.length
    ? Number(rows[0].total)
    : page > 1
      ? await countFlows(companyId, filters)
      : 0
  return { flows, total }
}

/** The WHERE conditions (alias `f`) and bindings of a flow list's filters */
export function flowConditions(companyId: string, filters: Omit<FlowFilters, 'attachedLimit'>) {
  const search = filters.search?.toLowerCase()
  const conditions = [
    filters.id ? 'AND f.id = :id' : '',
    search ? 'AND lower(f.name) LIKE :search' : '',
    filters.status ? 'AND f.status = :status' : '',
  ].join(' ')
  const bindings = {
    companyId,
    id: filters.id ?? null,
    search: search ? `%${search}%` : null,
    status: filters.status ?? null,
  }
  return { conditions, bindings }
}

/** The number of flows matching: a page past the end has no row to carry the count */
export async function countFlows(companyId: string, filters: Omit<FlowFilters, 'attachedLimit'>) {
  const { conditions, bindings } = flowConditions(companyId, filters)
  const counted = await db.rawQuery(
    `SELECT count(*)::int AS total FROM compliance_flows f
      WHERE f.company_id = :companyId ${conditions}`,
    bindings
  )
  return counted.rows[0].total as number
}

/** One flow of the company with all its attached providers (D2-D6), or undefined */
export async function flowView(companyId: string, id: string) {
  const { flows } = await flowPage(companyId, { id, attachedLimit: null })
  return flows[0]
}

/** A page of a flow's attached providers, newest first (GET /compliance-flows/:id/providers) */
export async function attachedProvidersPage(flowId: string, page: number, perPage: number) {
  const { rows } = await db.rawQuery(`SELECT ${attachedJsonSql(':flowId')} AS attached`, {
    flowId,
    attachedLimit: perPage,
    attachedOffset: (page - 1) * perPage,
  })
  return (rows[0].attached as RawAttached[]).map(toAttached)
}
