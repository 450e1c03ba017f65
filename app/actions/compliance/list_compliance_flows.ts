import db from '@adonisjs/lucid/services/db'
import { apiTimestampBindings, jsonArraySql } from '#support/json_text'
import { asPreparedStatement } from '#support/prepared_statement'
import readCache, { readCacheKey } from '#services/platform/read_cache'
import { READ_SCOPES, type ReadVersions } from '#support/read_versions'
import type { Infer } from '@vinejs/vine/types'
import { attachedRowsSql, countFlows, flowConditions } from '#services/compliance/flows'
import { ATTACHED_PROVIDER_JSON_SQL, complianceFlowJsonSql } from '#dtos/compliance_flow_dto'
import PaginationMetaDto from '#dtos/pagination_meta_dto'
import type { listComplianceFlowsValidator } from '#validators/compliance_flow'
import { pageWindowSql } from '#support/pagination'

type Filters = Infer<typeof listComplianceFlowsValidator>

/** D1's filters of the flows (name search, status) */
type FlowScope = Parameters<typeof flowConditions>[1]

/** Embedded attached providers per flow in the list (the rest: D2 or GET /:id/providers) */
export const LIST_ATTACHED_PROVIDERS = 20

/** Flows per D1 page unless `perPage` says otherwise (also the maximum) */
export const LIST_FLOWS_PER_PAGE = 100

/**
 * D1's one statement and its named bindings (exported for the plan test):
 * the page of flows with the window count, then each flow's body. The
 * embedded providers' slice is a constant in the text (a LIMIT binding
 * would keep PostgreSQL from settling on a generic plan for the prepared
 * statement: it cannot know the LIMIT is small).
 */
export function complianceFlowsStatement(
  companyId: string,
  scope: FlowScope,
  page: number,
  perPage: number
) {
  const { conditions, bindings } = flowConditions(companyId, scope)
  const sql = `WITH page AS (
      SELECT f.*, count(*) OVER () AS total
        FROM compliance_flows f
       WHERE f.company_id = :companyId ${conditions}
       ORDER BY f.updated_at DESC, f.id DESC
       ${pageWindowSql(perPage)})
    SELECT max(f.total)::int AS total,
           ${jsonArraySql(`string_agg(${complianceFlowJsonSql('att.list', 'att.n')}, ','
                                      ORDER BY f.updated_at DESC, f.id DESC)`)} AS data
      FROM page f
     CROSS JOIN LATERAL (
       SELECT ${jsonArraySql(`string_agg(${ATTACHED_PROVIDER_JSON_SQL}, ','
                                         ORDER BY a.attached_at DESC, a.id)`)} AS list,
              count(*) AS n
       ${attachedRowsSql('f.id', { limit: String(LIST_ATTACHED_PROVIDERS), offset: '0' })}) att`
  return {
    sql,
    bindings: { ...bindings, perPage, offset: (page - 1) * perPage, ...apiTimestampBindings() },
  }
}

/**
 * D1: the company's flows, newest change first, filtered by name
 * (case-insensitive) and status, one page at a time. The body says what
 * it leaves out: `meta` (page, perPage, totalPages) beside `total`, and per
 * flow `attachedProvidersTruncated` beside the exact `providersCount`.
 * ONE statement: the page of flows with the window count, then, for the
 * page's rows only, each flow's body written as compact JSON text by
 * PostgreSQL with format() (complianceFlowJsonSql, the DTO's twin; about
 * half the cost of json_build_object); Node only wraps the envelope
 * around the text (parsing, shaping and printing in Node were most
 * of the request). It runs as a prepared statement: planning it cost more
 * than running it.
 */
export default class ListComplianceFlows {
  /** `versions`: the context's read versions; the body is cached under them (ReadCache) */
  async handle(companyId: string, filters: Filters, versions: ReadVersions | null = null) {
    const key = readCacheKey('compliance-flows', [companyId, filters])
    return readCache.text(key, versions, READ_SCOPES['compliance-flows'], () =>
      this.#read(companyId, filters)
    )
  }

  async #read(companyId: string, filters: Filters) {
    const page = filters.page ?? 1
    const perPage = filters.perPage ?? LIST_FLOWS_PER_PAGE
    const scope = {
      search: filters.search,
      status: filters.status && filters.status !== 'all' ? filters.status : undefined,
    }
    const { sql, bindings } = complianceFlowsStatement(companyId, scope, page, perPage)
    const { rows } = await asPreparedStatement(db.rawQuery(sql, bindings))
    const total: number = rows[0].total ?? (page > 1 ? await countFlows(companyId, scope) : 0)
    const meta = PaginationMetaDto.from(total, page, perPage)
    return `{"data":${rows[0].data},"total":${total},"meta":${JSON.stringify(meta)}}`
  }
}
