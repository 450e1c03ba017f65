import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { DateTime } from 'luxon'
import { expiringOnboardings } from '#models/queries/due_reminders'
import onboardingTokens from '#services/onboarding/token_service'
import { eventActivity, routeOf } from '#services/notifications/event_notifications'
import type { Reminder } from '#services/notifications/reminders'
import { phrase } from '#support/i18n'

type Trx = TransactionClientContract

/** How close an onboarding link must be to expiring */
export const ONBOARDING_EXPIRING_DAYS = 2

/** Pending onboarding links expiring within 2 days, to the provider's owner */
export default class CollectOnboardingReminders {
  async handle(now: DateTime, trx: Trx): Promise<Reminder[]> {
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
