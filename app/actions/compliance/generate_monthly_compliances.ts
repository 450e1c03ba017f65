import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { DUE_STEP_SQL } from '#services/compliance/schedule'
import { missingCompliancesSql } from '#services/compliance/generation'
import { pgArray } from '#support/compliance'

interface Scope {
  year: number
  month: number
  companyId?: string
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
 * example steps added to a flow during the month.
 */
export default class GenerateMonthlyCompliances {
  async handle(scope: Scope, trx?: TransactionClientContract) {
    /**
     * C1/C2 call this for the caller on every request: one read finds the
     * month already complete (the usual case) instead of a write
     * transaction of two INSERT ... ON CONFLICT that insert nothing.
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
      providerIds: scope.providerIds ? pgArray(scope.providerIds) : null,
    }
    /** Only the filters in use, so that each query stays on its index */
    const attachmentFilter = [
      scope.companyId ? 'AND a.company_id = CAST(:companyId AS uuid)' : '',
      scope.providerIds ? 'AND a.provider_id = ANY(CAST(:providerIds AS uuid[]))' : '',
    ].join(' ')
    return { bindings, attachmentFilter }
  }

  async #generate(scope: Scope, trx: TransactionClientContract) {
    const { bindings, attachmentFilter } = this.#filters(scope)
    const flowFilter = scope.companyId ? 'AND f.company_id = CAST(:companyId AS uuid)' : ''
    const complianceFilter = [
      scope.companyId ? 'AND pc.company_id = CAST(:companyId AS uuid)' : '',
      scope.providerIds ? 'AND pc.provider_id = ANY(CAST(:providerIds AS uuid[]))' : '',
    ].join(' ')

    const compliances = await trx.rawQuery(
      `INSERT INTO provider_compliances
              (id, company_id, provider_compliance_flow_id, flow_id, provider_id, year, month, status)
       SELECT gen_random_uuid(), a.company_id, a.id, a.flow_id, a.provider_id, :year, :month, 'pending'
         FROM provider_compliance_flows a
         JOIN compliance_flows f ON f.id = a.flow_id AND f.status = 'active'
        WHERE a.detached_at IS NULL ${attachmentFilter}
          AND EXISTS (SELECT 1 FROM compliance_steps s WHERE s.flow_id = a.flow_id AND ${DUE_STEP_SQL})
       ON CONFLICT (provider_compliance_flow_id, year, month) DO NOTHING`,
      bindings
    )

    const steps = await trx.rawQuery(
      `WITH due AS (
         SELECT s.id, s.flow_id, s.depends_on_previous,
                lag(s.id) OVER (PARTITION BY s.flow_id ORDER BY s.position) AS previous_id
           FROM compliance_steps s
           JOIN compliance_flows f ON f.id = s.flow_id AND f.status = 'active'
          WHERE ${DUE_STEP_SQL} ${flowFilter}
       )
       INSERT INTO step_compliances (id, provider_compliance_id, step_id, status)
       SELECT gen_random_uuid(), pc.id, d.id,
              CASE WHEN d.depends_on_previous AND d.previous_id IS NOT NULL AND NOT EXISTS (
                     SELECT 1 FROM step_compliances p
                      WHERE p.provider_compliance_id = pc.id AND p.step_id = d.previous_id
                        AND p.status = 'approved')
                   THEN 'blocked' ELSE 'pending' END
         FROM provider_compliances pc
         JOIN provider_compliance_flows a ON a.id = pc.provider_compliance_flow_id
         JOIN due d ON d.flow_id = pc.flow_id
        WHERE pc.year = :year AND pc.month = :month AND a.detached_at IS NULL ${complianceFilter}
       ON CONFLICT (provider_compliance_id, step_id) DO NOTHING
       RETURNING provider_compliance_id`,
      bindings
    )

    /** A step added mid-month can reopen a compliance that was already complete */
    const touched: string[] = [
      ...new Set<string>(steps.rows.map((row: any) => row.provider_compliance_id)),
    ]
    if (touched.length && compliances.rowCount < touched.length) {
      await trx.rawQuery(
        `UPDATE provider_compliances pc SET status = x.status, updated_at = now()
           FROM (SELECT provider_compliance_id AS id, ${COMPLIANCE_STATUS_SQL} AS status
                   FROM step_compliances WHERE provider_compliance_id = ANY(?::uuid[])
                  GROUP BY provider_compliance_id) x
          WHERE pc.id = x.id AND pc.status <> x.status`,
        [touched]
      )
    }
    return { compliances: compliances.rowCount as number, steps: steps.rowCount as number }
  }
}
