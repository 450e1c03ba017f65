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

/**
 * A dedicated contract e-mail (spec H9 and the status e-mails):
 * `resources/views/emails/<template>.edge` rendered with the common
 * contract data (name, sender, deadline, link) plus `data`.
 */
interface ContractEmail {
  template: string
  subject: string
  data?: Record<string, unknown>
}

const EMAILS = {
  review_requested: (event: ContractReviewEvent) => ({
    template: 'contracts/review_requested',
    subject: event.reminder
      ? `Lembrete: revisão pendente do contrato "${event.contract.name}"`
      : `Revisão solicitada: ${event.contract.name}`,
    data: { reminder: event.reminder },
  }),
  contract_published: (event: ContractPublishedEvent) =>
    event.mode === 'fill'
      ? {
          template: 'contracts/published_fill',
          subject: `Contrato publicado: envie seus documentos (${event.contract.name})`,
          data: { pendingDocuments: event.pendingDocuments, instructions: event.instructions },
        }
      : {
          template: 'contracts/published_sign',
          subject: `Contrato pronto para assinatura: ${event.contract.name}`,
          data: { instructions: event.instructions },
        },
  signature_requested: (event: ContractSignatureEvent) => ({
    template: 'contracts/signature_requested',
    subject: event.reminder
      ? `Lembrete: assine o contrato "${event.contract.name}"`
      : `Assinatura solicitada: ${event.contract.name}`,
    data: { reminder: event.reminder, instructions: SIGN_INSTRUCTIONS },
  }),
  document_rejected: (event: ContractDocumentEvent) => ({
    template: 'contracts/document_rejected',
    subject: `Documento recusado: ${event.document.name} (${event.contract.name})`,
    data: { documentName: event.document.name, reason: event.reason },
  }),
  contract_completed: (event: ContractEventBase) => ({
    template: 'contracts/completed',
    subject: `Contrato concluído: ${event.contract.name}`,
  }),
} satisfies Record<string, (event: any) => ContractEmail>

const dedicatedEmail = (event: ContractEventBase) =>
  (
    EMAILS[event.type as keyof typeof EMAILS] as
      ((event: ContractEventBase) => ContractEmail) | undefined
  )?.(event) ?? null

/** Whether the event has its own e-mail (notify() then skips its generic one) */
export const hasDedicatedEmail = (event: ContractEventBase) => event.type in EMAILS

const formatDeadline = (deadline: string | null) =>
  deadline ? DateTime.fromISO(deadline).setLocale('pt-BR').toFormat('dd/MM/yyyy') : null

/**
 * Queues the e-mails of a contract event in its transaction:
 * - an event with a dedicated e-mail sends it to every recipient;
 * - any other event sends the generic notification e-mail only to the
 *   recipients without an account (the others get it through notify()).
 * Account holders pass the delivery rule for the `email` channel.
 */
export async function sendContractEmails(event: ContractEventBase, message: ContractMessage) {
  const dedicated = dedicatedEmail(event)
  const targets = await allowed(
    dedicated ? event.recipients : event.recipients.filter((r) => !r.userId),
    message,
    event
  )
  if (!targets.length) return

  const { html, text } = dedicated
    ? await renderEmail(dedicated.template, {
        subject: dedicated.subject,
        contractName: event.contract.name,
        senderName: event.actor?.name ?? null,
        deadline: formatDeadline(event.deadline),
        link: event.link,
        ...dedicated.data,
      })
    : await renderEmail('notification', {
        subject: message.title,
        title: message.title,
        message: message.message,
        actionUrl: event.link,
        actionLabel: message.actionLabel,
      })
  const subject = dedicated?.subject ?? message.title
  await enqueueMails(
    targets.map((r) => ({ to: r.email, toName: r.name, subject, html, text })),
    event.trx
  )
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
