import env from '#start/env'
import { renderEmail } from '#services/notifications/mail_outbox'
import type { QueuedDelivery } from '#services/platform/outbox'
import type {
  CustomSentBy,
  EmailAddress,
  NotificationActor,
  NotifyData,
  Recipient,
} from '#services/notifications/types'
import { htmlToPlainText, sanitizeRichText } from '#support/html'
import { toJsonb } from '#support/jsonb'
import type { NotificationType } from '#enums/notifications'
import type { NotificationActivity } from '#models/notification'
import { phrase, render, translator } from '#support/i18n'
import type { I18n } from '@adonisjs/i18n'

/**
 * What a notification says on each channel in one language (`i18n`, the
 * recipients' saved locale), computed once per notify() and language.
 */
export default class MessageContent {
  #email?: Promise<{ html: string; text: string }>
  #actor: NotificationActor | null
  readonly title: string
  readonly message: string
  readonly activity: NotificationActivity | null

  constructor(
    private data: NotifyData,
    private i18n: I18n
  ) {
    const actor = data.actor
    this.#actor = actor ? { id: actor.id, name: actor.name, avatar: actor.avatar ?? null } : null
    this.title = render(i18n, data.title)
    this.message = render(i18n, data.message)
    const label = data.activity?.actionLabel
    this.activity = data.activity
      ? { ...data.activity, ...(label ? { actionLabel: translator(i18n)(label) } : {}) }
      : null
  }

  /** The real origin of an I5 message, shown under its body (e-mail, messenger) */
  get sentBy() {
    return (this.data.activity?.metadata?.sentBy as CustomSentBy | undefined) ?? null
  }

  get actionUrl() {
    const route = this.data.activity?.actionRoute
    return route ? new URL(route, env.get('APP_URL')).toString() : null
  }

  row(type: NotificationType, recipient: Recipient) {
    return {
      company_id: recipient.companyId,
      user_id: recipient.userId,
      scope: this.data.scope,
      type,
      title: this.title,
      message: this.message,
      priority: this.data.priority ?? 'medium',
      activity: toJsonb(this.activity),
      actor_id: this.#actor?.id ?? null,
      actor_name: this.#actor?.name.slice(0, 255) ?? null,
      actor_avatar: this.#actor?.avatar?.slice(0, 500) ?? null,
    }
  }

  async email(to: EmailAddress): Promise<QueuedDelivery> {
    this.#email ??= renderEmail('notification', this.i18n, {
      subject: this.title,
      title: this.title,
      message: this.message,
      bodyHtml: this.data.html ? sanitizeRichText(this.data.html) : null,
      actionUrl: this.actionUrl,
      actionLabel: this.activity?.actionLabel,
      sentBy: this.sentBy,
    })
    const { html, text } = await this.#email
    const payload = { to: to.email, toName: to.name, subject: this.title, html, text }
    return { channel: 'email', payload }
  }

  messenger(phone: string): QueuedDelivery {
    const body = this.data.html
      ? htmlToPlainText(sanitizeRichText(this.data.html))
      : `${this.title}\n\n${this.message}`
    const origin = this.sentBy && render(this.i18n, sentByLine(this.sentBy))
    const text = [body, origin, this.actionUrl].filter(Boolean).join('\n\n')
    return { channel: 'messenger', payload: { to: phone, text } }
  }
}

/** The origin line of an I5 message (the e-mail template words it the same) */
export function sentByLine(sentBy: CustomSentBy) {
  return phrase('notice.sent_by', { userName: sentBy.userName, companyName: sentBy.companyName })
}
