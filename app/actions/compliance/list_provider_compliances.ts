import { inject } from '@adonisjs/core'
import type { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { apiTimestampBindings } from '#support/json_text'
import { asPreparedStatement } from '#support/prepared_statement'
import readCache, { readCacheKey, textBytes } from '#services/platform/read_cache'
import { READ_SCOPES, type ReadVersions } from '#support/read_versions'
import type { Infer } from '@vinejs/vine/types'
import type Company from '#models/company'
import CompanyMember from '#models/company_member'
import Clock from '#services/platform/clock'
import FileStorageService from '#services/files/storage_service'
import { missingCompliancesSql } from '#services/compliance/generation'
import GenerateMonthlyCompliances from '#actions/compliance/generate_monthly_compliances'
import type { listProviderCompliancesValidator } from '#validators/provider_compliance'
import {
  PROVIDER_COMPLIANCE_JSON_SQL,
  PROVIDER_COMPLIANCE_STEP_CTES,
  fillFileUrls,
} from '#dtos/provider_compliance_dto'

type Filters = Infer<typeof listProviderCompliancesValidator>

/**
 * C1's one statement and its named bindings, for the caller `userId` in
 * `company` at `now` (exported for the plan test): the caller's provider
 * ids, its compliances (`page`), their steps as JSON
 * (PROVIDER_COMPLIANCE_STEP_CTES), the month-complete check and the
 * documents to sign. Only the filters in use are in the text, so each
 * variant is its own prepared statement with its own plan.
 */
export function providerCompliancesStatement(
  company: Pick<Company, 'id' | 'timezone'>,
  userId: string,
  filters: Filters,
  now: DateTime
) {
  const today = now.setZone(company.timezone)
  const search = filters.search?.toLowerCase()
  const conditions = [
    filters.year ? 'AND pc.year = :filterYear' : '',
    filters.month ? 'AND pc.month = :filterMonth' : '',
    filters.status && filters.status !== 'all' ? 'AND pc.status = :status' : '',
    search ? 'AND lower(f.name) LIKE :search' : '',
  ].join(' ')
  const bindings = {
    userId,
    companyId: company.id,
    year: today.year,
    month: today.month,
    filterYear: filters.year ?? null,
    filterMonth: filters.month ?? null,
    status: filters.status ?? null,
    search: search ? `%${search}%` : null,
    today: now.toISO(),
    zone: today.zoneName,
    zulu: today.zone.isUniversal,
    /** Lucid's DateTimes are in Luxon's default zone */
    ...apiTimestampBindings(),
  }
  const sql = `WITH providers AS (${CompanyMember.PROVIDER_IDS_SQL}),
    page AS MATERIALIZED (
      SELECT pc.id, pc.provider_id, pc.provider_compliance_flow_id, pc.flow_id,
             f.name AS flow_name, pc.month, pc.year, pc.status, pc.submitted_at,
             pc.reviewed_at, pc.created_at
        FROM provider_compliances pc
        JOIN compliance_flows f ON f.id = pc.flow_id
       WHERE pc.company_id = :companyId AND pc.provider_id IN (SELECT id FROM providers)
             ${conditions}),
    ${PROVIDER_COMPLIANCE_STEP_CTES}
    SELECT ${missingCompliancesSql(
      'AND a.company_id = CAST(:companyId AS uuid) AND a.provider_id IN (SELECT id FROM providers)'
    )} AS missing,
           format('{"data":[%s],"total":%s}',
             coalesce(string_agg(${PROVIDER_COMPLIANCE_JSON_SQL}, ','
                                 ORDER BY pc.year DESC, pc.month DESC, pc.created_at, pc.id), ''),
             count(*)) AS body,
           (SELECT json_agg(json_build_object('id', d.id, 'path', d.file_path))
              FROM document_rows d) AS files,
           (SELECT floor(extract(epoch FROM min(b)) * 1000)::float8
              FROM windows w CROSS JOIN LATERAL (
                VALUES (w.window_start), (w.window_end + interval '1 millisecond')) edge(b)
             WHERE b > CAST(:today AS timestamptz)) AS valid_until
      FROM page pc
      LEFT JOIN step_json sj ON sj.provider_compliance_id = pc.id`
  return { sql, bindings }
}

/**
 * C1 / C2: the caller's compliances in the company, newest month first,
 * as the JSON text of `{data, total}` written by PostgreSQL (format()) (hydrating
 * models and computing each step's submission window with Luxon cost most
 * of the request). The current month (company timezone) is generated on
 * the fly first, so a provider never waits for the monthly command: the
 * same statement says whether anything of it is missing, and only then
 * does the generation run and the statement run again. It runs as a
 * prepared statement on its generic plan: planning it cost more than
 * running it, and left to PostgreSQL's rule it kept custom plans on the
 * bench's 10x data (5-6 ms of planning a request; the generic plan ran in
 * 0.9 ms there).
 */
@inject()
export default class ListProviderCompliances {
  constructor(
    protected clock: Clock,
    protected generate: GenerateMonthlyCompliances,
    protected storage: FileStorageService
  ) {}

  /**
   * `versions`: the context's read versions. The body (before its files are
   * signed) is cached under them, the caller and the month, until the next
   * edge of a submission window it shows (`isSubmissionOpen` turns there).
   */
  async handle(
    company: Company,
    userId: string,
    filters: Filters,
    versions: ReadVersions | null = null
  ) {
    const now = this.clock.now()
    const today = now.setZone(company.timezone)
    const key = readCacheKey('provider-compliances', [
      company.id,
      company.timezone,
      userId,
      filters,
      today.year,
      today.month,
    ])
    const result = await readCache.remember(
      key,
      versions,
      READ_SCOPES['provider-compliances'],
      now.toMillis(),
      async () => {
        const read = await this.#read(company, userId, filters, now)
        return {
          value: read,
          validUntil: read.valid_until ?? undefined,
          bytes: textBytes(read.body) + (read.files?.length ?? 0) * 256,
        }
      }
    )
    const files = result.files ?? []
    const urls = await Promise.all(files.map((file) => this.storage.signedUrl(file.path)))
    return fillFileUrls(result.body, new Map(files.map((file, index) => [file.id, urls[index]])))
  }

  /** The statement, after generating the month when it says something of it is missing */
  async #read(company: Company, userId: string, filters: Filters, now: DateTime) {
    const today = now.setZone(company.timezone)
    const { sql, bindings } = providerCompliancesStatement(company, userId, filters, now)
    const read = async () => {
      const { rows } = await asPreparedStatement(db.rawQuery(sql, bindings), { generic: true })
      return rows[0] as {
        missing: boolean
        body: string
        files: { id: string; path: string }[] | null
        valid_until: number | null
      }
    }

    const result = await read()
    if (!result.missing) return result
    await this.generate.handle({
      year: today.year,
      month: today.month,
      companyId: company.id,
      providerIds: await CompanyMember.providerIdsOf(userId),
    })
    return read()
  }
}
