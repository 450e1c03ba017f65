import AuthSession from '#models/auth_session'
import CompanyMember from '#models/company_member'
import type { LoginEvent } from '#events/auth_events'
import { notify } from '#services/notifications/notifier'
import { loginAlertActivity } from '#services/notifications/activity'

/**
 * `login_alert` when a user signs in from a browser + OS never seen in
 * their earlier sessions (the first login ever is not a "new" device).
 * One row per company of the user; e-mail / messenger once per user.
 */
export default class SendLoginAlert {
  async handle({ user, session, trx }: LoginEvent) {
    const earlier = () =>
      AuthSession.query({ client: trx }).where('user_id', user.id).whereNot('id', session.id)
    const sameDevice = earlier()
      .if(
        session.browser,
        (q) => q.where('browser', session.browser!),
        (q) => q.whereNull('browser')
      )
      .if(
        session.os,
        (q) => q.where('os', session.os!),
        (q) => q.whereNull('os')
      )
    if (!(await earlier().first()) || (await sameDevice.first())) return

    const memberships = await CompanyMember.query({ client: trx }).where('user_id', user.id)
    const device = [session.browser, session.os].filter(Boolean).join(' / ') || 'desconhecido'
    await notify(
      'login_alert',
      memberships.map((membership) => ({ userId: user.id, companyId: membership.companyId })),
      {
        title: 'Novo acesso à sua conta',
        message: `Detectamos um acesso a partir de um novo dispositivo (${device}). Se não foi você, altere sua senha.`,
        scope: 'personal',
        priority: 'high',
        activity: loginAlertActivity(session),
      },
      { trx }
    )
  }
}
