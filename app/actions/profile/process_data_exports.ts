import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import { withAdvisoryLock } from '#support/advisory_lock'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import drive from '@adonisjs/drive/services/main'
import emitter from '@adonisjs/core/services/emitter'
import logger from '@adonisjs/core/services/logger'
import env from '#start/env'
import DataExport from '#models/data_export'
import { dataExportSections } from '#services/profile/data_export_sections'
import UserDto from '#dtos/user_dto'
import Clock from '#services/platform/clock'

/** pg advisory lock key: one processor at a time across instances */
const LOCK_KEY = 7_202_611_001

type FailureStage = 'collect' | 'store' | 'notify'

/**
 * What the user reads on a failed export (GET /users/me/data-exports/:id
 * `failureReason`): a catalogue key, rendered in the reader's language
 */
export const FAILURE_REASONS: Record<FailureStage, string> = {
  collect: 'errors.data_export_collect_failed',
  store: 'errors.data_export_store_failed',
  notify: 'errors.data_export_notify_failed',
}

interface Options {
  /** Called after each export with its outcome */
  onProgress?: (exportId: string, outcome: 'ready' | 'failed', done: number, total: number) => void
  limit?: number
}

/**
 * Builds the pending personal data exports: a JSON archive per export
 * (every registered section) written to the private Drive disk, then the
 * export is marked ready with its expiry and `profile:data_export_ready`
 * is emitted inside that transaction.
 *
 * The run holds a transaction-level advisory lock, so one processor runs
 * at a time across instances; each export is a savepoint of that
 * transaction, and the batch (at most `limit` exports) commits at the end.
 * An export whose build, storage or link e-mail fails ends `failed` with
 * a reason the user reads (never left `pending` to fail again every minute).
 */
@inject()
export default class ProcessDataExports {
  constructor(protected clock: Clock) {}

  async handle({ onProgress, limit = 100 }: Options = {}) {
    const lock = await db.transaction()
    try {
      const outcome = await withAdvisoryLock(lock, LOCK_KEY, async () => {
        const pending = await DataExport.query({ client: lock })
          .where('status', 'pending')
          .preload('user')
          .orderBy('created_at', 'asc')
          .limit(limit)

        let ready = 0
        let failed = 0
        for (const dataExport of pending) {
          const built = await this.#build(dataExport, lock)
          built === 'ready' ? ready++ : failed++
          onProgress?.(dataExport.id, built, ready + failed, pending.length)
        }
        return { locked: true, ready, failed }
      })
      return outcome.acquired ? outcome.result : { locked: false, ready: 0, failed: 0 }
    } finally {
      await lock.commit()
    }
  }

  async #build(dataExport: DataExport, lock: TransactionClientContract) {
    const user = dataExport.user
    const key = `data-exports/${user.id}/${dataExport.id}.json`
    let stage = 'collect' as FailureStage
    try {
      /** A savepoint: a failure (even a database error) leaves the batch usable */
      await lock.transaction(async (trx) => {
        const archive = {
          exportId: dataExport.id,
          generatedAt: this.clock.local().toISO(),
          profile: UserDto.fromModel(user),
          ...(await dataExportSections.build(user, trx)),
        }
        stage = 'store'
        await drive.use().put(key, JSON.stringify(archive, null, 2), {
          contentType: 'application/json',
          visibility: 'private',
        })
        stage = 'notify'
        dataExport.useTransaction(trx)
        dataExport.merge({
          status: 'ready',
          filePath: key,
          failureReason: null,
          completedAt: this.clock.local(),
          expiresAt: this.clock.local().plus({ days: env.get('DATA_EXPORT_TTL_DAYS', 7) }),
        })
        await dataExport.save()
        await emitter.emit('profile:data_export_ready', { user, exportId: dataExport.id, trx })
      })
      return 'ready' as const
    } catch (error) {
      logger.error(
        { err: error, exportId: dataExport.id, userId: user.id, stage },
        'personal data export failed; marked failed'
      )
      if (stage === 'notify')
        await drive
          .use()
          .delete(key)
          .catch(() => {})
      /** The model kept the savepoint's values: reload it before marking it failed */
      const failed = await DataExport.findOrFail(dataExport.id, { client: lock })
      failed.merge({
        status: 'failed',
        filePath: null,
        completedAt: this.clock.local(),
        failureReason: FAILURE_REASONS[stage],
      })
      await failed.save()
      return 'failed' as const
    }
  }
}
