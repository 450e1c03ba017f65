import { DateTime } from 'luxon'
import type {
  ContractDocumentEvent,
  ContractEventBase,
  ContractPublishedEvent,
  ContractRecipient,
  ContractReviewEvent,
  ContractSignatureEvent,
} from '#events/contract_events'
import { accountRecipients, type ContractMessage } from '#services/contracts/notifications'
import { blockedBy, loadGates } from '#services/notifications/delivery_rule'
import { enqueueMails, renderEmail } from '#services/notifications/mail_outbox'
import { SIGN_INSTRUCTIONS } from '#support/contract_rules'
import { isMandatoryType } from '#enums/notifications'
import User from '#models/user'
import { formatDay, i18nFor, phrase, render, type Phrase } from '#support/i18n'
import type { I18n } from '@adonisjs/i18n'

/**
 * A dedicated contract e-mail (spec H9 and the status e-mails):
 * `resources/views/emails/<template>.edge` rendered with the common
 * contract data (name, sender, deadline, link) plus `data`.
 */
interface ContractEmail {
  template: string
  subject: Phrase
  data?: Record<string, unknown>
}

const EMAILS = {
  review_requested: (event: ContractReviewEvent) => ({
    template: 'contracts/review_requested',
    subject: phrase(
      event.reminder
        ? 'mail.contract.review_requested.reminder_subject'
        : 'mail.contract.review_requested.subject',
      { contractName: event.contract.name }
    ),
    data: { reminder: event.reminder },
  }),
  contract_published: (event: ContractPublishedEvent) =>
    event.mode === 'fill'
      ? {
          template: 'contracts/published_fill',
          subject: phrase('mail.contract.published_fill.subject', {
            contractName: event.contract.name,
          }),
          data: { pendingDocuments: event.pendingDocuments, instructions: event.instructions },
        }
      : {
          template: 'contracts/published_sign',
          subject: phrase('mail.contract.published_sign.subject', {
            contractName: event.contract.name,
          }),
          data: { instructions: event.instructions },
        },
  signature_requested: (event: ContractSignatureEvent) => ({
    template: 'contracts/signature_requested',
    subject: phrase(
      event.reminder
        ? 'mail.contract.signature_requested.reminder_subject'
        : 'mail.contract.signature_requested.subject',
      { contractName: event.contract.name }
    ),
    data: { reminder: event.reminder, instructions: SIGN_INSTRUCTIONS },
  }),
  document_rejected: (event: ContractDocumentEvent) => ({
    template: 'contracts/document_rejected',
    subject: phrase('mail.contract.document_rejected.subject', {
      documentName: event.document.name,
      contractName: event.contract.name,
    }),
    data: { documentName: event.document.name, reason: event.reason },
  }),
  contract_completed: (event: ContractEventBase) => ({
    template: 'contracts/completed',
    subject: phrase('mail.contract.completed.subject', { contractName: event.contract.name }),
  }),
} satisfies Record<string, (event: any) => ContractEmail>

const dedicatedEmail = (event: ContractEventBase) =>
  (
    EMAILS[event.type as keyof typeof EMAILS] as
      ((event: ContractEventBase) => ContractEmail) | undefined
  )?.(event) ?? null

/** Whether the event has its own e-mail (notify() then skips its generic one) */
export const hasDedicatedEmail = (event: ContractEventBase) => event.type in EMAILS

/**
 * Queues the e-mails of a contract event in its transaction:
 * - an event with a dedicated e-mail sends it to every recipient;
 * - any other event sends the generic notification e-mail only to the
 *   recipients without an account (the others get it through notify()).
 * Account holders pass the delivery rule for the `email` channel. Each
 * e-mail is written in its recipient's saved language (pt-BR without an
 * account): rendered once per language.
 */
export async function sendContractEmails(event: ContractEventBase, message: ContractMessage) {
  const dedicated = dedicatedEmail(event)
  const targets = await allowed(
    dedicated ? event.recipients : event.recipients.filter((r) => !r.userId),
    message,
    event
  )
  if (!targets.length) return

  const locales = await User.localesOf(
    targets.flatMap((r) => (r.userId ? [r.userId] : [])),
    event.trx
  )
  const rendered = new Map<string, Promise<{ subject: string; html: string; text: string }>>()
  const renderFor = (locale: string | null) => {
    const i18n = i18nFor(locale)
    let mail = rendered.get(i18n.locale)
    if (!mail) {
      mail = renderContractEmail(event, message, dedicated, i18n)
      rendered.set(i18n.locale, mail)
    }
    return mail
  }
  const mails = await Promise.all(
    targets.map(async (r) => ({
      to: r.email,
      toName: r.name,
      ...(await renderFor(r.userId ? (locales.get(r.userId) ?? null) : null)),
    }))
  )
  await enqueueMails(mails, event.trx)
}

async function renderContractEmail(
  event: ContractEventBase,
  message: ContractMessage,
  dedicated: ContractEmail | null,
  i18n: I18n
) {
  if (dedicated) {
    const subject = render(i18n, dedicated.subject)
    const mail = await renderEmail(dedicated.template, i18n, {
      subject,
      contractName: event.contract.name,
      senderName: event.actor?.name ?? null,
      deadline: event.deadline ? formatDay(i18n, DateTime.fromISO(event.deadline)) : null,
      link: event.link,
      ...dedicated.data,
    })
    return { subject, ...mail }
  }
  const title = render(i18n, message.title)
  const mail = await renderEmail('notification', i18n, {
    subject: title,
    title,
    message: render(i18n, message.message),
    actionUrl: event.link,
    actionLabel: i18n.t(message.actionLabel),
  })
  return { subject: title, ...mail }
}

/** One e-mail per address; account holders gated by the delivery rule */
async function allowed(
  recipients: ContractRecipient[],
  message: ContractMessage,
  event: ContractEventBase
) {
  const seen = new Set<string>()
  const unique = recipients.filter((r) => {
    const key = r.email?.toLowerCase()
    if (!key || seen.has(key)) return false
    seen.add(key)
    return true
  })
  const accounts = accountRecipients(unique)
  if (isMandatoryType(message.type) || !accounts.length) return unique
  const gatesOf = await loadGates(accounts, event.trx)
  return unique.filter(
    (r) => !r.userId || !blockedBy(message.type, 'email', gatesOf(r.userId, r.companyId))
  )
}
