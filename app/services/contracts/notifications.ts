import type {
  ContractCancelledEvent,
  ContractCommentEvent,
  ContractDocumentEvent,
  ContractEventBase,
  ContractPublishedEvent,
  ContractRecipient,
  ContractReviewEvent,
  ContractSignatureEvent,
} from '#events/contract_events'
import type { Recipient } from '#services/notifications/types'
import type {
  NotificationPriority,
  NotificationScope,
  NotificationType,
} from '#enums/notifications'

/**
 * What a contract event says in-app (and in the generic e-mail /
 * messenger text): the spec's Events table mapped onto each event `type`.
 * A repeated request (the reminder routes) is the spec's `reminder` type
 * (scope action), so the first request keeps its own type and a company
 * can silence reminders without silencing requests.
 */
export interface ContractMessage {
  type: NotificationType
  scope: NotificationScope
  title: string
  message: string
  actionLabel: string
  priority?: NotificationPriority
}

const quoted = (event: ContractEventBase) => `"${event.contract.name}"`
const actorName = (event: ContractEventBase) => event.actor?.name ?? 'O sistema'
const withReason = (text: string, reason: string | null) =>
  reason ? `${text} Motivo: ${reason}` : text
const excerpt = (text: string, max = 200) =>
  text.length > max ? `${text.slice(0, max - 1)}…` : text

const MESSAGES = {
  contract_created: (event: ContractEventBase) => ({
    type: 'contract_created',
    scope: 'contract',
    title: 'Novo contrato criado',
    message: `${actorName(event)} criou o contrato ${quoted(event)}.`,
    actionLabel: 'Ver contrato',
  }),
  contract_published: (event: ContractPublishedEvent) => ({
    type: 'contract_published',
    scope: 'contract',
    title: 'Contrato publicado',
    message:
      event.mode === 'fill'
        ? `${actorName(event)} publicou o contrato ${quoted(event)}. Preencha seus dados e envie os documentos pendentes.`
        : `${actorName(event)} publicou o contrato ${quoted(event)}. Ele está pronto para assinatura.`,
    actionLabel: event.mode === 'fill' ? 'Preencher' : 'Assinar',
  }),
  contract_signed: (event: ContractSignatureEvent) => ({
    type: 'contract_signed',
    scope: 'contract',
    title: 'Contrato assinado',
    message: `${actorName(event)} assinou o contrato ${quoted(event)}.`,
    actionLabel: 'Ver assinaturas',
  }),
  contract_completed: (event: ContractEventBase) => ({
    type: 'contract_completed',
    scope: 'contract',
    title: 'Contrato concluído',
    message: `Todas as assinaturas do contrato ${quoted(event)} foram coletadas.`,
    actionLabel: 'Ver contrato',
  }),
  contract_cancelled: (event: ContractCancelledEvent) => ({
    type: 'contract_cancelled',
    scope: 'contract',
    title: 'Contrato cancelado',
    message: withReason(`${actorName(event)} cancelou o contrato ${quoted(event)}.`, event.reason),
    actionLabel: 'Ver contrato',
    priority: 'high',
  }),
  signatory_added: (event: ContractSignatureEvent) => ({
    type: 'signatory_added',
    scope: 'contract',
    title: 'Você foi adicionado como signatário',
    message: `${actorName(event)} adicionou você como signatário do contrato ${quoted(event)}.`,
    actionLabel: 'Ver contrato',
  }),
  signature_requested: (event: ContractSignatureEvent) => ({
    type: event.reminder ? 'reminder' : 'signature_requested',
    scope: 'action',
    title: event.reminder ? 'Lembrete: assinatura pendente' : 'Assinatura solicitada',
    message: `${actorName(event)} solicitou sua assinatura no contrato ${quoted(event)}.`,
    actionLabel: 'Assinar',
    priority: 'high',
  }),
  signature_completed: (event: ContractSignatureEvent) => ({
    type: 'signature_completed',
    scope: 'contract',
    title: 'Grupo de assinaturas concluído',
    message: `Um grupo de signatários concluiu as assinaturas do contrato ${quoted(event)}.`,
    actionLabel: 'Ver assinaturas',
  }),
  /** Not in the spec's table: the owner must act (restart or cancel) */
  signature_rejected: (event: ContractSignatureEvent) => ({
    type: 'action_required',
    scope: 'action',
    title: 'Assinatura recusada',
    message: `${actorName(event)} recusou a assinatura do contrato ${quoted(event)}.`,
    actionLabel: 'Ver assinaturas',
    priority: 'high',
  }),
  document_uploaded: (event: ContractDocumentEvent) => ({
    type: 'document_uploaded',
    scope: 'contract',
    title: 'Documento enviado',
    message: `${actorName(event)} enviou o documento "${event.document.name}" do contrato ${quoted(event)}.`,
    actionLabel: 'Revisar',
  }),
  document_approved: (event: ContractDocumentEvent) => ({
    type: 'document_approved',
    scope: 'contract',
    title: 'Documento aprovado',
    message: `O documento "${event.document.name}" do contrato ${quoted(event)} foi aprovado.`,
    actionLabel: 'Ver contrato',
  }),
  document_rejected: (event: ContractDocumentEvent) => ({
    type: 'document_rejected',
    scope: 'contract',
    title: 'Documento recusado',
    message: withReason(
      `O documento "${event.document.name}" do contrato ${quoted(event)} foi recusado. Envie-o novamente.`,
      event.reason
    ),
    actionLabel: 'Reenviar',
    priority: 'high',
  }),
  review_requested: (event: ContractReviewEvent) => ({
    type: event.reminder ? 'reminder' : 'review_requested',
    scope: 'action',
    title: event.reminder ? 'Lembrete: revisão pendente' : 'Revisão solicitada',
    message: `${actorName(event)} enviou o contrato ${quoted(event)} para sua revisão.`,
    actionLabel: 'Revisar',
  }),
  review_approved: (event: ContractReviewEvent) => ({
    type: 'review_approved',
    scope: 'contract',
    title: 'Revisão aprovada',
    message: `${actorName(event)} aprovou a revisão do contrato ${quoted(event)}.`,
    actionLabel: 'Ver revisão',
  }),
  review_rejected: (event: ContractReviewEvent) => ({
    type: 'review_rejected',
    scope: 'contract',
    title: 'Revisão recusada',
    message: withReason(
      `${actorName(event)} recusou a revisão do contrato ${quoted(event)}.`,
      event.comment
    ),
    actionLabel: 'Ver revisão',
  }),
  comment_added: (event: ContractCommentEvent) => ({
    type: 'comment_added',
    scope: 'personal',
    title: 'Novo comentário',
    message: `${actorName(event)} comentou no contrato ${quoted(event)}: "${excerpt(event.content)}"`,
    actionLabel: 'Ver revisão',
  }),
} satisfies Record<string, (event: any) => ContractMessage>

/** The in-app message of a contract event; null for events without one */
export function contractMessage(event: ContractEventBase): ContractMessage | null {
  const build = MESSAGES[event.type as keyof typeof MESSAGES] as
    ((event: ContractEventBase) => ContractMessage) | undefined
  return build ? build(event) : null
}

/** Recipients with an account, as `notify()` takes them */
export const accountRecipients = (recipients: ContractRecipient[]): Recipient[] =>
  recipients.flatMap((r) => (r.userId ? [{ userId: r.userId, companyId: r.companyId }] : []))
