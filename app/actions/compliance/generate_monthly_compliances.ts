import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { DUE_STEP_SQL } from '#services/compliance/schedule'
import { missingCompliancesSql } from '#services/compliance/generation'
import { pgArray } from '#support/compliance'

interface Scope {
  year: number
  month: number
  /** One company (C1/C2, seeders) */
  companyId?: string
  /** Several companies in one pass (compliance:generate, a batch of companies) */
  companyIds?: string[]
  providerIds?: string[]
}

const COMPLIANCE_STATUS_SQL = `CASE
  WHEN bool_and(status = 'approved') THEN 'approved'
  WHEN bool_or(status = 'rejected') THEN 'rejected'
  WHEN bool_and(status IN ('submitted', 'approved')) THEN 'sent'
  ELSE 'pending' END`

/**
 * Creates the month's compliances: one per attached (not detached)
 * provider of every `active` flow that has a step due that month, with one
 * step compliance per due step (`blocked` when it depends on a previous
 * step not yet approved). Set-based and idempotent (unique keys + ON
 * CONFLICT DO NOTHING): running it again only fills what is missing, for
 * example steps added to a flow during the month. ONE statement for the
 * whole scope (any number of companies and providers): the compliances
 * it creates get their steps from its RETURNING rows, without reading them
 * back or probing for approved previous steps they cannot have yet; only
 * compliances that already existed are read and probed.
 */
export default class GenerateMonthlyCompliances {
  async handle(scope: Scope, trx?: TransactionClientContract) {
    /**
     * C1/C2 call this for the caller on every request: one read finds the
     * month already complete (the usual case) instead of a write
     * transaction that inserts nothing.
     */
    if (scope.providerIds && !(await this.#missing(scope, trx))) return { compliances: 0, steps: 0 }
    if (trx) return this.#generate(scope, trx)
    return db.transaction((client) => this.#generate(scope, client))
  }

  /** Whether an attached provider of the scope lacks a due step compliance of the month */
  async #missing(scope: Scope, trx?: TransactionClientContract) {
    const { bindings, attachmentFilter } = this.#filters(scope)
    const { rows } = await (trx ?? db).rawQuery(
      `SELECT ${missingCompliancesSql(attachmentFilter)} AS missing`,
      bindings
    )
    return rows[0].missing as boolean
  }

  #filters(scope: Scope) {
    const bindings: Record<string, any> = {
      year: scope.year,
      month: scope.month,
      companyId: scope.companyId ?? null,
      companyIds: scope.companyIds ? pgArray(scope.companyIds) : null,
      providerIds: scope.providerIds ? pgArray(scope.providerIds) : null,
    }
    /** Only the filters in use, so that each query stays on its index */
    const companyFilter = (alias: string) =>
      [
        scope.companyId ? `AND ${alias}.company_id = CAST(:companyId AS uuid)` : '',
        scope.companyIds ? `AND ${alias}.company_id = ANY(CAST(:companyIds AS uuid[]))` : '',
      ].join(' ')
    const providerFilter = (alias: string) =>
      scope.providerIds ? `AND ${alias}.provider_id = ANY(CAST(:providerIds AS uuid[]))` : ''
    return {
      bindings,
      attachmentFilter: `${companyFilter('a')} ${providerFilter('a')}`,
      flowFilter: companyFilter('f'),
      complianceFilter: `${companyFilter('pc')} ${providerFilter('pc')}`,
    }
  }

  async #generate(scope: Scope, trx: TransactionClientContract) {
    const { bindings, attachmentFilter, flowFilter, complianceFilter } = this.#filters(scope)
    const { rows } = await trx.rawQuery(
      `WITH due AS (
         SELECT s.id, s.flow_id, s.depends_on_previous,
                lag(s.id) OVER (PARTITION BY s.flow_id ORDER BY s.position) AS previous_id
           FROM compliance_steps s
           JOIN compliance_flows f ON f.id = s.flow_id AND f.status = 'active'
          WHERE ${DUE_STEP_SQL} ${flowFilter}
       ),
       created AS (
         INSERT INTO provider_compliances
                (id, company_id, provider_compliance_flow_id, flow_id, provider_id, year, month, status)
         SELECT gen_random_uuid(), a.company_id, a.id, a.flow_id, a.provider_id, :year, :month, 'pending'
           FROM provider_compliance_flows a
          WHERE a.detached_at IS NULL ${attachmentFilter}
            AND a.flow_id IN (SELECT flow_id FROM due)
         ON CONFLICT (provider_compliance_flow_id, year, month) DO NOTHING
         RETURNING id, flow_id
       ),
       existing AS (
         SELECT pc.id, pc.flow_id
           FROM provider_compliances pc
           JOIN provider_compliance_flows a ON a.id = pc.provider_compliance_flow_id
          WHERE pc.year = :year AND pc.month = :month AND a.detached_at IS NULL ${complianceFilter}
       ),
       steps AS (
         INSERT INTO step_compliances (id, provider_compliance_id, step_id, status)
         SELECT gen_random_uuid(), c.id, d.id,
                CASE WHEN d.depends_on_previous AND d.previous_id IS NOT NULL
                     THEN 'blocked' ELSE 'pending' END
           FROM created c JOIN due d ON d.flow_id = c.flow_id
         UNION ALL
         SELECT gen_random_uuid(), pc.id, d.id,
                CASE WHEN d.depends_on_previous AND d.previous_id IS NOT NULL AND NOT EXISTS (
                       SELECT 1 FROM step_compliances p
                        WHERE p.provider_compliance_id = pc.id AND p.step_id = d.previous_id
                          AND p.status = 'approved')
                     THEN 'blocked' ELSE 'pending' END
           FROM existing pc JOIN due d ON d.flow_id = pc.flow_id
         ON CONFLICT (provider_compliance_id, step_id) DO NOTHING
         RETURNING provider_compliance_id
       )
       SELECT (SELECT count(*) FROM created)::int AS compliances,
              (SELECT count(*) FROM steps)::int AS steps,
              (SELECT coalesce(array_agg(DISTINCT provider_compliance_id), '{}')
                 FROM steps WHERE provider_compliance_id IN (SELECT id FROM existing)) AS reopened`,
      bindings
    )
    const { compliances, steps, reopened } = rows[0] as {
      compliances: number
      steps: number
      reopened: string[]
    }

    /** A step added mid-month can reopen a compliance that was already complete */
    if (reopened.length) {
      await trx.rawQuery(
        `UPDATE provider_compliances pc SET status = x.status, updated_at = now()
           FROM (SELECT provider_compliance_id AS id, ${COMPLIANCE_STATUS_SQL} AS status
                   FROM step_compliances WHERE provider_compliance_id = ANY(?::uuid[])
                  GROUP BY provider_compliance_id) x
          WHERE pc.id = x.id AND pc.status <> x.status`,
        [reopened]
      )
    }
    return { compliances, steps }
  }
}
