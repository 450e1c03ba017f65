import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { withAdvisoryLock } from '#support/advisory_lock'
import ContractPart from '#models/contract_part'
import { CLOSED_STATUSES } from '#support/contract_rules'
import type { ContractStatus } from '#enums/contract_status'
import Contract from '#models/contract'
import { recordContractChange } from '#services/contracts/event_service'

/** Advisory lock key of the sweep (one instance at a time) */
export const SWEEP_LOCK_KEY = 7_630_300_001

interface Move {
  from: ContractStatus
  to: ContractStatus
  /** SQL condition on `c` (the contract) and `co` (its company) */
  when: string
}

/**
 * Time-driven moves. "Today" is the company's local date:
 * completed -> active once the start date has come (no start date: at
 * once); active -> finished after the end date; signing -> overdue once
 * the signing deadline (workflow deadlineDays) has passed.
 */
export const SWEEP_MOVES: Move[] = [
  {
    from: 'completed',
    to: 'active',
    when: '(c.start_date IS NULL OR c.start_date <= (now() AT TIME ZONE co.timezone)::date)',
  },
  { from: 'active', to: 'finished', when: 'c.end_date < (now() AT TIME ZONE co.timezone)::date' },
  { from: 'signing', to: 'overdue', when: 'c.deadline_at < now()' },
]

export type SweepResult = { locked: false } | { locked: true; moved: Record<string, number> }

/**
 * `contracts:sweep`: set-based and idempotent (a second run moves
 * nothing), under a transaction-scoped Postgres advisory lock so that
 * only one instance sweeps; each move writes its history rows, and a
 * move that closes contracts (active -> finished) settles their links.
 */
export default class SweepContracts {
  handle(onMove?: (move: Move, count: number) => void): Promise<SweepResult> {
    return db.transaction(async (trx): Promise<SweepResult> => {
      const outcome = await withAdvisoryLock(trx, SWEEP_LOCK_KEY, async () => {
        const moved: Record<string, number> = {}
        for (const move of SWEEP_MOVES) {
          const count = await this.#apply(move, trx)
          moved[`${move.from}->${move.to}`] = count
          onMove?.(move, count)
        }
        return moved
      })
      return outcome.acquired ? { locked: true, moved: outcome.result } : { locked: false }
    })
  }

  async #apply(move: Move, trx: TransactionClientContract) {
    const result = await trx.rawQuery(
      `WITH moved AS (
         UPDATE contracts c SET status = ?, updated_at = now()
         FROM companies co
         WHERE co.id = c.company_id AND c.status = ? AND c.deleted_at IS NULL AND ${move.when}
         RETURNING c.id
       )
       INSERT INTO contract_history (id, contract_id, type, actor_id, payload, created_at)
       SELECT gen_random_uuid(), id, 'STATUS_CHANGED', NULL,
              jsonb_build_object('from', ?::text, 'to', ?::text, 'by', 'sweep'), now()
       FROM moved
       RETURNING contract_id`,
      [move.to, move.from, move.from, move.to]
    )
    const ids: string[] = result.rows.map((row: { contract_id: string }) => row.contract_id)
    if (CLOSED_STATUSES.includes(move.to)) await ContractPart.settleLinksOf(ids, trx)
    await this.#recordChanges(ids, trx)
    return ids.length
  }

  /**
   * The moves' `contract:changed` events (history already written above,
   * nothing to notify): only for contracts of a company with an active
   * webhook endpoint, the others are not even read.
   */
  async #recordChanges(ids: string[], trx: TransactionClientContract) {
    if (!ids.length) return
    const contracts = await Contract.query({ client: trx })
      .whereIn('id', ids)
      .whereExists((query) =>
        query
          .from('webhook_endpoints')
          .whereColumn('webhook_endpoints.company_id', 'contracts.company_id')
          .where('webhook_endpoints.is_active', true)
      )
      .orderBy('id')
    for (const contract of contracts) {
      await recordContractChange({
        contract,
        actorId: null,
        history: null,
        notices: [],
        webhooks: ['contract.status_changed'],
        trx,
      })
    }
  }
}
