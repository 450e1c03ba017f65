import CompanyMember from '#models/company_member'
import type { LoginEvent } from '#events/auth_events'
import { notify } from '#services/notifications/notifier'
import { loginAlertActivity } from '#services/notifications/activity'
import { phrase } from '#support/i18n'

/**
 * `login_alert` when the login action found the device new (`newDevice`).
 * One row per company of the user; e-mail / messenger once per user.
 */
export default class SendLoginAlert {
  async handle({ user, session, newDevice, trx }: LoginEvent) {
    if (!newDevice) return

    const memberships = await CompanyMember.query({ client: trx }).where('user_id', user.id)
    const device =
      [session.browser, session.os].filter(Boolean).join(' / ') ||
      phrase('notice.login_alert.unknown_device')
    await notify(
      'login_alert',
      memberships.map((membership) => ({ userId: user.id, companyId: membership.companyId })),
      {
        title: phrase('notice.login_alert.title'),
        message: phrase('notice.login_alert.message', { device }),
        scope: 'personal',
        priority: 'high',
        activity: loginAlertActivity(session),
      },
      { trx }
    )
  }
}
