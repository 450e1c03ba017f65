import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { DateTime } from 'luxon'
import CollectComplianceStepReminders from '#actions/notifications/collect_compliance_step_reminders'
import CollectSignatureReminders from '#actions/notifications/collect_signature_reminders'
import CollectOnboardingReminders from '#actions/notifications/collect_onboarding_reminders'
import MessageContent from '#services/notifications/message_content'
import { notifyMany } from '#services/notifications/notifier'
import { noneSent, type Reminder, type ReminderKind } from '#services/notifications/reminders'
import Clock from '#services/platform/clock'
import { enqueueDeliveries } from '#services/platform/outbox'
import { withAdvisoryLock } from '#support/advisory_lock'
import { i18nFor } from '#support/i18n'

type Trx = TransactionClientContract

/** One run at a time across instances (transaction-scoped, see withAdvisoryLock) */
export const REMINDERS_LOCK = 'reminders:send'

export interface ReminderRun {
  /** False when another run holds the lock (nothing was done) */
  locked: boolean
  /** Items reminded in this run, per kind */
  sent: Record<ReminderKind, number>
}

/**
 * `node ace reminders:send` (spec Events: `reminder`, scope action), to be
 * run daily: a compliance step whose submission window closes within 3
 * days (to the provider), a signature pending for more than 3 days (to
 * the signer), an onboarding link expiring within 2 days (to the
 * provider's owner). Each item at most once per UTC day: the run claims
 * `reminders_sent (kind, item_id, day)` and notifies only what it
 * claimed, in one transaction, so a second run the same day sends nothing
 * and a failed run claims nothing. Candidates are read in one statement
 * per kind and notified through `notifyMany` (delivery rule per channel,
 * batch inserts), so the queries do not grow with the items. One action
 * per kind collects its candidates (Collect*Reminders); this one claims
 * and sends them together.
 */
@inject()
export default class SendScheduledReminders {
  constructor(
    protected clock: Clock,
    protected complianceSteps: CollectComplianceStepReminders,
    protected signatures: CollectSignatureReminders,
    protected onboardings: CollectOnboardingReminders
  ) {}

  handle(): Promise<ReminderRun> {
    return db.transaction(async (trx) => {
      const outcome = await withAdvisoryLock(trx, REMINDERS_LOCK, () => this.#run(trx))
      return outcome.acquired
        ? { locked: true, sent: outcome.result }
        : { locked: false, sent: noneSent() }
    })
  }

  async #run(trx: Trx) {
    const now = this.clock.now()
    const candidates = [
      ...(await this.complianceSteps.handle(now, trx)),
      ...(await this.signatures.handle(now, trx)),
      ...(await this.onboardings.handle(now, trx)),
    ].filter((reminder) => reminder.recipients.length || reminder.emails.length)

    const claimed = await this.#claim(candidates, now, trx)
    const due = candidates.filter((reminder) => claimed.has(`${reminder.kind}:${reminder.itemId}`))

    await notifyMany(
      'reminder',
      due.map(({ recipients, data }) => ({ recipients, data })),
      { trx }
    )
    /** Signers without an account: the same text by e-mail (no preferences to apply) */
    const mails = await Promise.all(
      due.flatMap(({ emails, data }) => {
        const content = new MessageContent(data, i18nFor(null))
        return emails.map((address) => content.email(address))
      })
    )
    await enqueueDeliveries(mails, trx)

    const sent = noneSent()
    for (const reminder of due) sent[reminder.kind] += 1
    return sent
  }

  /** Inserts today's keys; returns those that were not there yet (one statement) */
  async #claim(reminders: Reminder[], now: DateTime, trx: Trx) {
    if (!reminders.length) return new Set<string>()
    const { rows } = await trx.rawQuery(
      `INSERT INTO reminders_sent (kind, item_id, day)
       SELECT kind, item_id, ?::date FROM unnest(?::text[], ?::uuid[]) AS t(kind, item_id)
       ON CONFLICT DO NOTHING
       RETURNING kind, item_id`,
      [
        now.toUTC().toISODate()!,
        reminders.map((reminder) => reminder.kind),
        reminders.map((reminder) => reminder.itemId),
      ]
    )
    return new Set(
      rows.map((row: { kind: string; item_id: string }) => `${row.kind}:${row.item_id}`)
    )
  }
}
