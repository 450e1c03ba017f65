import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { DateTime } from 'luxon'
import { openComplianceSteps, type OpenStepRow } from '#models/queries/due_reminders'
import { submissionWindow } from '#services/compliance/schedule'
import { eventActivity } from '#services/notifications/event_notifications'
import { period, type Reminder } from '#services/notifications/reminders'
import { phrase } from '#support/i18n'

type Trx = TransactionClientContract

/** How close a compliance step's submission window must be to closing */
export const COMPLIANCE_CLOSING_DAYS = 3

/**
 * Open steps whose submission window (the one computation of
 * `submissionWindow`, in the company's timezone) ends between now and
 * 3 days from now. A month's windows end at the latest in the next
 * month, and one ending within 3 days may belong to next month: the
 * periods read are last month to next month.
 */
export default class CollectComplianceStepReminders {
  async handle(now: DateTime, trx: Trx): Promise<Reminder[]> {
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
}
