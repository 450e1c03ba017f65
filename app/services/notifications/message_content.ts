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

/**
 * What a notification says on each channel, computed once per notify().
 */
export default class MessageContent {
  #email?: Promise<{ html: string; text: string }>
  #actor: NotificationActor | null

  constructor(private data: NotifyData) {
    const actor = data.actor
    this.#actor = actor ? { id: actor.id, name: actor.name, avatar: actor.avatar ?? null } : null
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
      title: this.data.title,
      message: this.data.message,
      priority: this.data.priority ?? 'medium',
      activity: toJsonb(this.data.activity ?? null),
      actor_id: this.#actor?.id ?? null,
      actor_name: this.#actor?.name.slice(0, 255) ?? null,
      actor_avatar: this.#actor?.avatar?.slice(0, 500) ?? null,
    }
  }

  async email(to: EmailAddress): Promise<QueuedDelivery> {
    this.#email ??= renderEmail('notification', {
      subject: this.data.title,
      title: this.data.title,
      message: this.data.message,
      bodyHtml: this.data.html ? sanitizeRichText(this.data.html) : null,
      actionUrl: this.actionUrl,
      actionLabel: this.data.activity?.actionLabel,
      sentBy: this.sentBy,
    })
    const { html, text } = await this.#email
    const payload = { to: to.email, toName: to.name, subject: this.data.title, html, text }
    return { channel: 'email', payload }
  }

  messenger(phone: string): QueuedDelivery {
    const body = this.data.html
      ? htmlToPlainText(sanitizeRichText(this.data.html))
      : `${this.data.title}\n\n${this.data.message}`
    const origin = this.sentBy && sentByLine(this.sentBy)
    const text = [body, origin, this.actionUrl].filter(Boolean).join('\n\n')
    return { channel: 'messenger', payload: { to: phone, text } }
  }
}

/** The origin line of an I5 message (the e-mail template words it the same) */
export function sentByLine(sentBy: CustomSentBy) {
  return `Enviada por ${sentBy.userName}, de ${sentBy.companyName}, pela plataforma.`
}
