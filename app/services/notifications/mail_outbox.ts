import type { I18n } from '@adonisjs/i18n'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import env from '#start/env'
import type { MailPayload } from '#models/delivery'
import { enqueueDeliveries } from '#services/platform/outbox'
import { htmlToPlainText } from '#support/html'
import emailViews from '#services/notifications/email_views'

export type { MailPayload }

/**
 * Renders `resources/views/emails/<templateName>.edge` (values escaped by
 * Edge) inside the platform layout (`resources/views/layouts/email.edge`)
 * and derives the text part from the HTML. The words come from the
 * catalogue in the recipient's language: the templates' `t()` (the i18n
 * plugin's helper) reads the `i18n` state value, here the recipient's, not
 * a request's.
 */
export async function renderEmail(
  templateName: string,
  i18n: I18n,
  data: Record<string, unknown> = {}
) {
  const appName = env.get('MAIL_FROM_NAME', 'Contratos')
  const views = emailViews()
  const content = await views.render(`emails/${templateName}`, { appName, i18n, ...data })
  const html = await views.render('layouts/email', {
    appName,
    i18n,
    subject: data.subject ?? data.title ?? appName,
    content,
  })
  return { html, text: htmlToPlainText(html) }
}

/**
 * Queues an e-mail in the caller's transaction; `node ace queue:work`
 * sends it through the configured mailer, with retries. Returns the
 * delivery id.
 */
export async function enqueueMail(mail: MailPayload, trx: TransactionClientContract) {
  const [id] = await enqueueDeliveries([{ channel: 'email', payload: mail }], trx)
  return id
}

/** Queues several e-mails in one insert (same transaction rules as enqueueMail) */
export async function enqueueMails(mails: MailPayload[], trx: TransactionClientContract) {
  return enqueueDeliveries(
    mails.map((payload) => ({ channel: 'email' as const, payload })),
    trx
  )
}
