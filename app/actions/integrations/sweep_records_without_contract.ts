import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import emitter from '@adonisjs/core/services/emitter'
import Clock from '#services/platform/clock'
import { withAdvisoryLock } from '#support/advisory_lock'

/** One lock for every instance: a single sweep runs at a time */
const LOCK_KEY = 'integrations:sweep'

interface PendingRow {
  connection_id: string
  company_id: string
  provider: string
  pending: number
}

export interface SweepResult {
  locked: boolean
  day: string
  swept: number
  notified: number
}

/**
 * The daily sweep: for every active connection not yet swept today
 * (UTC day), counts the synchronised records whose CNPJ/CPF matches no
 * active PROVIDER part of an `active` contract of the company, records
 * the sweep (one row per connection and day, so a second run is a no-op)
 * and emits `integrations:records_without_contract` when some are pending.
 */
@inject()
export default class SweepRecordsWithoutContract {
  constructor(private clock: Clock) {}

  async handle(progress: (message: string) => void = () => {}): Promise<SweepResult> {
    const day = this.clock.now().toUTC().toISODate()!
    return db.transaction(async (trx) => {
      const outcome = await withAdvisoryLock(trx, LOCK_KEY, () => this.#sweep(trx, day, progress))
      /** `locked: true` here means "another instance holds the lock" (the command's wording) */
      return outcome.acquired ? outcome.result : { locked: true, day, swept: 0, notified: 0 }
    })
  }

  async #sweep(
    trx: TransactionClientContract,
    day: string,
    progress: (message: string) => void
  ): Promise<SweepResult> {
    const { rows } = await trx.rawQuery(
      `SELECT ic.id AS connection_id, ic.company_id, ic.provider,
              count(r.id) FILTER (WHERE NOT EXISTS (
                SELECT 1 FROM contract_parts cp
                JOIN contracts c ON c.id = cp.contract_id
                LEFT JOIN companies pc ON pc.id = cp.company_id
                LEFT JOIN users pu ON pu.id = cp.user_id
                WHERE c.company_id = ic.company_id AND c.deleted_at IS NULL
                  AND c.status = 'active' AND cp.role = 'PROVIDER' AND cp.is_active
                  AND (pc.document = r.document OR pu.cpf = r.document)
              ))::int AS pending
       FROM integration_connections ic
       LEFT JOIN integration_records r ON r.connection_id = ic.id
       WHERE ic.status = 'active' AND NOT EXISTS (
         SELECT 1 FROM integration_sweeps s WHERE s.connection_id = ic.id AND s.day = ?
       )
       GROUP BY ic.id ORDER BY ic.created_at, ic.id`,
      [day]
    )
    const pendingRows = rows as PendingRow[]
    if (pendingRows.length === 0) return { locked: false, day, swept: 0, notified: 0 }

    await trx.table('integration_sweeps').multiInsert(
      pendingRows.map((row) => ({
        connection_id: row.connection_id,
        day,
        pending_count: row.pending,
        created_at: this.clock.now().toJSDate(),
      }))
    )

    let notified = 0
    for (const [index, row] of pendingRows.entries()) {
      progress(
        `[${index + 1}/${pendingRows.length}] ${row.provider} ${row.connection_id}: ${row.pending} without contract`
      )
      if (row.pending === 0) continue
      notified++
      await emitter.emit('integrations:records_without_contract', {
        companyId: row.company_id,
        connectionId: row.connection_id,
        provider: row.provider,
        pendingCount: row.pending,
        actionRoute: `/company/${row.company_id}/integrations/${row.connection_id}/status`,
        trx,
      })
    }
    return { locked: false, day, swept: pendingRows.length, notified }
  }
}
