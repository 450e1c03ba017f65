import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import env from '#start/env'
import CompanyMember from '#models/company_member'
import type { NotificationActivity } from '#models/notification'
import type { Recipient } from '#services/notifications/types'
import { enqueueMail, renderEmail } from '#services/notifications/mail_outbox'
import { i18nFor, render, renderValues, type Phrase } from '#support/i18n'
import type { DeliveryChannel } from '#enums/notifications'
import type { MemberRole } from '#enums/roles'

/**
 * Shared pieces of the domain-event listeners (docs/decisions.md, Event
 * notifications): recipient mapping, activity building, dedicated e-mails.
 */

/**
 * Channels of a notification whose e-mail is a dedicated template sent by
 * the listener itself: the generic notification e-mail would duplicate it.
 */
export const WITHOUT_GENERIC_EMAIL: readonly DeliveryChannel[] = ['platform', 'messenger']

/** Anything carrying a user id (a User model or an event recipient) */
type UserRef = { id: string } | { userId: string }

const userIdOf = (user: UserRef) => ('userId' in user ? user.userId : user.id)

/** Users -> notify() recipients in the given company context (deduplicated) */
export function recipientsIn(companyId: string, users: UserRef[]): Recipient[] {
  const ids = [...new Set(users.map(userIdOf))]
  return ids.map((userId) => ({ userId, companyId }))
}

/** Event recipients that already carry their company context */
export function ownRecipients(users: { userId: string; companyId: string }[]): Recipient[] {
  return users.map(({ userId, companyId }) => ({ userId, companyId }))
}

/** The company's members with one of the roles, as recipients in that company */
export async function membersWithRoles(
  companyId: string,
  roles: readonly MemberRole[],
  trx: TransactionClientContract,
  options: { except?: string[] } = {}
): Promise<Recipient[]> {
  const members = await CompanyMember.query({ client: trx })
    .where('company_id', companyId)
    .whereIn('role', [...roles])
    .if(options.except?.length, (query) => query.whereNotIn('user_id', options.except!))
    .orderBy('created_at', 'asc')
  return recipientsIn(
    companyId,
    members.map((member) => ({ userId: member.userId }))
  )
}

/** An absolute link of the web app for a relative route */
export const appLink = (route: string) => new URL(route, env.get('APP_URL')).toString()

/** The path (+ query) of an absolute link, for `activity.actionRoute` */
export function routeOf(url: string) {
  const parsed = new URL(url, env.get('APP_URL'))
  return `${parsed.pathname}${parsed.search}`
}

/**
 * `activity` of a notification about something that is not a contract
 * (onboarding, compliance, retroactive request, integration): `kind`
 * tells clients what it is about, `actionRoute` where to go.
 */
export function eventActivity(
  kind: string,
  fields: Omit<NotificationActivity, 'kind'> & { actionRoute: string }
): NotificationActivity {
  return { kind, ...fields }
}

export interface DedicatedMail {
  /** The recipient: address, name and saved language (`users.locale`; null = pt-BR) */
  to: { email: string; name?: string | null; locale: string | null }
  subject: Phrase
}

/**
 * Renders `resources/views/emails/<template>.edge` in the shared layout, in
 * the recipient's language, and queues it in the event's transaction.
 * `data` may hold phrases and dates: they render in that language too.
 */
export async function sendDedicatedMail(
  template: string,
  mail: DedicatedMail,
  data: Record<string, unknown>,
  trx: TransactionClientContract
) {
  const i18n = i18nFor(mail.to.locale)
  const subject = render(i18n, mail.subject)
  const values = renderValues(i18n, data)
  const { html, text } = await renderEmail(template, i18n, { subject, ...values })
  const { email, name } = mail.to
  return enqueueMail({ to: email, toName: name ?? null, subject, html, text }, trx)
}
