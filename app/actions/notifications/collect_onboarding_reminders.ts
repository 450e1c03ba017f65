import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { DateTime } from 'luxon'
import { expiringOnboardings } from '#models/queries/due_reminders'
import onboardingTokens from '#services/onboarding/token_service'
import { eventActivity, routeOf } from '#services/notifications/event_notifications'
import { date, type Reminder } from '#services/notifications/reminders'

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
            title: 'Lembrete: o link do onboarding vai expirar',
            message: `O link do onboarding do contrato ${extras.contract_name} expira em ${date(expiresAt)}. Complete o formulário e envie os documentos antes disso.`,
            scope: 'action',
            activity: eventActivity('onboarding_expiring', {
              entityType: 'contract',
              entityId: onboarding.contractId,
              entityName: extras.contract_name,
              actionLabel: 'Preencher onboarding',
              actionRoute: routeOf(url),
              metadata: { onboardingId: onboarding.id, expiresAt: onboarding.expiresAt.toISO() },
            }),
          },
        }
      })
    )
  }
}
