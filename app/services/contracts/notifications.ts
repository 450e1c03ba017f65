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
import { phrase, withReason, type Phrase } from '#support/i18n'

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
  title: Phrase
  message: Phrase
  /** A catalogue key (`notice.action.*`) */
  actionLabel: string
  priority?: NotificationPriority
}

/** The values every contract text names: who acted, and which contract */
const about = (event: ContractEventBase, more: Record<string, unknown> = {}) => ({
  actor: event.actor?.name ?? phrase('notice.system'),
  contract: event.contract.name,
  ...more,
})
const text = (key: string, event: ContractEventBase, more?: Record<string, unknown>) =>
  phrase(`notice.contract.${key}`, about(event, more))
const excerpt = (content: string, max = 200) =>
  content.length > max ? `${content.slice(0, max - 1)}…` : content

/** A document event says its type and names the document (scope contract) */
const documentNotice = (
  type: 'document_uploaded' | 'document_approved' | 'document_rejected',
  event: ContractDocumentEvent,
  actionLabel: string
): ContractMessage => ({
  type,
  scope: 'contract',
  title: text(`${type}.title`, event),
  message: text(`${type}.message`, event, { document: event.document.name }),
  actionLabel,
})

const MESSAGES = {
  contract_created: (event: ContractEventBase) => ({
    type: 'contract_created',
    scope: 'contract',
    title: text('created.title', event),
    message: text('created.message', event),
    actionLabel: 'notice.action.view_contract',
  }),
  contract_published: (event: ContractPublishedEvent) => ({
    type: 'contract_published',
    scope: 'contract',
    title: text('published.title', event),
    message: text(
      event.mode === 'fill' ? 'published.message_fill' : 'published.message_sign',
      event
    ),
    actionLabel: event.mode === 'fill' ? 'notice.action.fill' : 'notice.action.sign',
  }),
  contract_signed: (event: ContractSignatureEvent) => ({
    type: 'contract_signed',
    scope: 'contract',
    title: text('signed.title', event),
    message: text('signed.message', event),
    actionLabel: 'notice.action.view_signatures',
  }),
  contract_completed: (event: ContractEventBase) => ({
    type: 'contract_completed',
    scope: 'contract',
    title: text('completed.title', event),
    message: text('completed.message', event),
    actionLabel: 'notice.action.view_contract',
  }),
  contract_cancelled: (event: ContractCancelledEvent) => ({
    type: 'contract_cancelled',
    scope: 'contract',
    title: text('cancelled.title', event),
    message: withReason(text('cancelled.message', event), event.reason),
    actionLabel: 'notice.action.view_contract',
    priority: 'high',
  }),
  signatory_added: (event: ContractSignatureEvent) => ({
    type: 'signatory_added',
    scope: 'contract',
    title: text('signatory_added.title', event),
    message: text('signatory_added.message', event),
    actionLabel: 'notice.action.view_contract',
  }),
  signature_requested: (event: ContractSignatureEvent) => ({
    type: event.reminder ? 'reminder' : 'signature_requested',
    scope: 'action',
    title: text(
      event.reminder ? 'signature_requested.reminder_title' : 'signature_requested.title',
      event
    ),
    message: text('signature_requested.message', event),
    actionLabel: 'notice.action.sign',
    priority: 'high',
  }),
  signature_completed: (event: ContractSignatureEvent) => ({
    type: 'signature_completed',
    scope: 'contract',
    title: text('signature_completed.title', event),
    message: text('signature_completed.message', event),
    actionLabel: 'notice.action.view_signatures',
  }),
  /** Not in the spec's table: the owner must act (restart or cancel) */
  signature_rejected: (event: ContractSignatureEvent) => ({
    type: 'action_required',
    scope: 'action',
    title: text('signature_rejected.title', event),
    message: text('signature_rejected.message', event),
    actionLabel: 'notice.action.view_signatures',
    priority: 'high',
  }),
  document_uploaded: (event: ContractDocumentEvent) =>
    documentNotice('document_uploaded', event, 'notice.action.review'),
  document_approved: (event: ContractDocumentEvent) =>
    documentNotice('document_approved', event, 'notice.action.view_contract'),
  document_rejected: (event: ContractDocumentEvent) => {
    const notice = documentNotice('document_rejected', event, 'notice.action.resend')
    return { ...notice, message: withReason(notice.message, event.reason), priority: 'high' }
  },
  review_requested: (event: ContractReviewEvent) => ({
    type: event.reminder ? 'reminder' : 'review_requested',
    scope: 'action',
    title: text(
      event.reminder ? 'review_requested.reminder_title' : 'review_requested.title',
      event
    ),
    message: text('review_requested.message', event),
    actionLabel: 'notice.action.review',
  }),
  review_approved: (event: ContractReviewEvent) => ({
    type: 'review_approved',
    scope: 'contract',
    title: text('review_approved.title', event),
    message: text('review_approved.message', event),
    actionLabel: 'notice.action.view_review',
  }),
  review_rejected: (event: ContractReviewEvent) => ({
    type: 'review_rejected',
    scope: 'contract',
    title: text('review_rejected.title', event),
    message: withReason(text('review_rejected.message', event), event.comment),
    actionLabel: 'notice.action.view_review',
  }),
  comment_added: (event: ContractCommentEvent) => ({
    type: 'comment_added',
    scope: 'personal',
    title: text('comment_added.title', event),
    message: text('comment_added.message', event, { excerpt: excerpt(event.content) }),
    actionLabel: 'notice.action.view_review',
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
