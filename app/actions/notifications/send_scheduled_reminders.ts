import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { DateTime } from 'luxon'
import {
  expiringOnboardings,
  openComplianceSteps,
  pendingSigners,
  type OpenStepRow,
} from '#models/queries/due_reminders'
import onboardingTokens from '#services/onboarding/token_service'
import { submissionWindow } from '#services/compliance/schedule'
import { contractActivity } from '#services/notifications/activity'
import { eventActivity, routeOf } from '#services/notifications/event_notifications'
import MessageContent from '#services/notifications/message_content'
import { notifyMany } from '#services/notifications/notifier'
import type { EmailAddress, NotifyData, Recipient } from '#services/notifications/types'
import Clock from '#services/platform/clock'
import { enqueueDeliveries } from '#services/platform/outbox'
import { withAdvisoryLock } from '#support/advisory_lock'
import { i18nFor, phrase } from '#support/i18n'

type Trx = TransactionClientContract

/** One run at a time across instances (transaction-scoped, see withAdvisoryLock) */
export const REMINDERS_LOCK = 'reminders:send'

/** How close a compliance step's submission window must be to closing */
export const COMPLIANCE_CLOSING_DAYS = 3
/** How long a signer has been asked before the first reminder */
export const SIGNATURE_PENDING_DAYS = 3
/** How close an onboarding link must be to expiring */
export const ONBOARDING_EXPIRING_DAYS = 2

export const REMINDER_KINDS = ['compliance_step', 'signature', 'onboarding'] as const
export type ReminderKind = (typeof REMINDER_KINDS)[number]

export interface ReminderRun {
  /** False when another run holds the lock (nothing was done) */
  locked: boolean
  /** Items reminded in this run, per kind */
  sent: Record<ReminderKind, number>
}

/** One item to remind: its accounts (delivery rule) and addresses without an account */
interface Reminder {
  kind: ReminderKind
  itemId: string
  recipients: Recipient[]
  emails: EmailAddress[]
  data: NotifyData
}

const noneSent = (): Record<ReminderKind, number> => ({
  compliance_step: 0,
  signature: 0,
  onboarding: 0,
})

const period = (row: { month: number; year: number }) =>
  `${String(row.month).padStart(2, '0')}/${row.year}`

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
 * batch inserts), so the queries do not grow with the items.
 */
@inject()
export default class SendScheduledReminders {
  constructor(protected clock: Clock) {}

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
      ...(await this.#complianceSteps(now, trx)),
      ...(await this.#signatures(now, trx)),
      ...(await this.#onboardings(now, trx)),
    ].filter((reminder) => reminder.recipients.length || reminder.emails.length)

    const claimed = await this.#claim(candidates, now, trx)
    const due = candidates.filter((reminder) => claimed.has(`${reminder.kind}:${reminder.itemId}`))

    await notifyMany(
      'reminder',
      due.map(({ recipients, data }) => ({ recipients, data })),
      { trx }
    )
    /** Signers without an account: the same text by e-mail (no preferences, no saved language) */
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

  /**
   * Open steps whose submission window (the one computation of
   * `submissionWindow`, in the company's timezone) ends between now and
   * 3 days from now. A month's windows end at the latest in the next
   * month, and one ending within 3 days may belong to next month: the
   * periods read are last month to next month.
   */
  async #complianceSteps(now: DateTime, trx: Trx): Promise<Reminder[]> {
    const current = now.year * 12 + now.month
    const rows = await openComplianceSteps({ from: current - 1, to: current + 1 }, trx)
    const windows = new Map<string, DateTime>()
    const windowEnd = (row: OpenStepRow) => {
      const key = [
        row.timezone,
        row.frequency,
        row.day_start,
        row.day_end,
        row.month_start,
        row.month_end,
        row.year,
        row.month,
      ].join(':')
      let end = windows.get(key)
      if (!end) {
        const schedule = {
          frequency: row.frequency,
          dayStart: row.day_start,
          dayEnd: row.day_end,
          monthStart: row.month_start,
          monthEnd: row.month_end,
        }
        end = submissionWindow(schedule, row.year, row.month, now.setZone(row.timezone)).end
        windows.set(key, end)
      }
      return end
    }
    const limit = now.plus({ days: COMPLIANCE_CLOSING_DAYS })
    return rows.flatMap((row): Reminder[] => {
      const end = windowEnd(row)
      if (end < now || end > limit) return []
      return [
        {
          kind: 'compliance_step',
          itemId: row.item_id,
          recipients: row.user_ids.map((userId) => ({ userId, companyId: row.company_id })),
          emails: [],
          data: {
            title: phrase('notice.reminder.compliance.title'),
            message: phrase('notice.reminder.compliance.message', {
              step: row.step_title,
              flow: row.flow_name,
              period: period(row),
              date: end,
            }),
            scope: 'action',
            activity: eventActivity('compliance_step_reminder', {
              entityType: 'document',
              entityId: row.item_id,
              entityName: row.step_title,
              actionLabel: 'notice.action.send_documents',
              actionRoute: `/provider-compliances/${row.compliance_id}`,
              metadata: {
                complianceId: row.compliance_id,
                providerId: row.provider_id,
                month: row.month,
                year: row.year,
                submissionDeadline: end.toISO(),
              },
            }),
          },
        },
      ]
    })
  }

  /** Signers asked more than 3 days ago and still to sign */
  async #signatures(now: DateTime, trx: Trx): Promise<Reminder[]> {
    const rows = await pendingSigners(now.minus({ days: SIGNATURE_PENDING_DAYS }), trx)
    return rows.map((row) => ({
      kind: 'signature',
      itemId: row.item_id,
      recipients: row.user_id ? [{ userId: row.user_id, companyId: row.company_id }] : [],
      emails: row.user_id ? [] : [{ email: row.email, name: row.name }],
      data: {
        title: phrase('notice.reminder.signature.title'),
        message: phrase('notice.reminder.signature.message', { contract: row.contract_name }),
        scope: 'action',
        priority: 'high',
        activity: {
          ...contractActivity(
            { id: row.contract_id, name: row.contract_name },
            'notice.action.sign'
          ),
          kind: 'signature_reminder',
        },
      },
    }))
  }

  /** Pending onboarding links expiring within 2 days, to the provider's owner */
  async #onboardings(now: DateTime, trx: Trx): Promise<Reminder[]> {
    const onboardings = await expiringOnboardings(
      now,
      now.plus({ days: ONBOARDING_EXPIRING_DAYS }),
      trx
    )
    return Promise.all(
      onboardings.map(async (onboarding): Promise<Reminder> => {
        const extras = onboarding.$extras
        const url = onboardingTokens.url(await onboardingTokens.sign(onboarding))
        const expiresAt = onboarding.expiresAt.setZone(extras.timezone)
        return {
          kind: 'onboarding',
          itemId: onboarding.id,
          recipients: [{ userId: extras.recipient_id, companyId: extras.recipient_company_id }],
          emails: [],
          data: {
            title: phrase('notice.reminder.onboarding.title'),
            message: phrase('notice.reminder.onboarding.message', {
              contract: extras.contract_name,
              date: expiresAt,
            }),
            scope: 'action',
            activity: eventActivity('onboarding_expiring', {
              entityType: 'contract',
              entityId: onboarding.contractId,
              entityName: extras.contract_name,
              actionLabel: 'notice.action.fill_onboarding',
              actionRoute: routeOf(url),
              metadata: { onboardingId: onboarding.id, expiresAt: onboarding.expiresAt.toISO() },
            }),
          },
        }
      })
    )
  }
}
