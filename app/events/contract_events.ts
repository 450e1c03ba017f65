import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { ContractStatus } from '#enums/contract_status'
import type { WebhookEventType } from '#enums/webhook_events'
import type Contract from '#models/contract'

/**
 * Contract events, emitted inside the transaction of the change that
 * causes them. Each carries everything the notification pipeline needs
 * to create the in-app notification (`type`, `scope`) and the e-mail
 * (recipients with e-mail, actor, deadline, link). Recipients follow the
 * spec's Events table; a legal entity is reached through its OWNER user.
 */
export interface ContractRecipient {
  /** null for an external signer without an account (e-mail only) */
  userId: string | null
  /** Company context of the notification: the contract's company */
  companyId: string
  email: string
  name: string
}

export interface ContractEventActor {
  id: string
  name: string
  email: string
  avatar: string | null
}

export interface ContractEventBase {
  type: string
  scope: 'contract' | 'action' | 'personal'
  contract: { id: string; name: string; companyId: string; status: ContractStatus }
  actor: ContractEventActor | null
  recipients: ContractRecipient[]
  /** ISO 8601; from the workflow's deadlineDays when configured */
  deadline: string | null
  /** Absolute link for the e-mail / notification (`APP_URL/contracts/{id}...`, appLink) */
  link: string
  /** Relative route for `activity.actionRoute` */
  actionRoute: string
  trx: TransactionClientContract
}

export interface ContractDocumentInfo {
  id: string
  name: string
}

export interface ContractPublishedEvent extends ContractEventBase {
  /** `fill`: parts must upload / fill (link /fill); `sign`: go straight to signing (/sign) */
  mode: 'fill' | 'sign'
  pendingDocuments: ContractDocumentInfo[]
  instructions: string
}

export interface ContractDocumentEvent extends ContractEventBase {
  document: ContractDocumentInfo & { fileId: string; fileName: string; partId: string }
  reason: string | null
}

export interface ContractReviewEvent extends ContractEventBase {
  itemId: string | null
  comment: string | null
  reminder: boolean
}

export interface ContractCommentEvent extends ContractEventBase {
  itemId: string
  commentId: string
  content: string
}

export interface ContractSignatureEvent extends ContractEventBase {
  groupId: string | null
  memberId: string | null
  reminder: boolean
}

export interface ContractCancelledEvent extends ContractEventBase {
  reason: string | null
}

/** The notification events: each one's listener writes the in-app row and sends its e-mails */
export interface ContractNoticeEvents {
  'contract:created': ContractEventBase
  'contract:published': ContractPublishedEvent
  'contract:signed': ContractSignatureEvent
  'contract:completed': ContractEventBase
  'contract:cancelled': ContractCancelledEvent
  'contract:signatory_added': ContractSignatureEvent
  'contract:signature_requested': ContractSignatureEvent
  'contract:signature_completed': ContractSignatureEvent
  'contract:signature_rejected': ContractSignatureEvent
  'contract:document_uploaded': ContractDocumentEvent
  'contract:document_approved': ContractDocumentEvent
  'contract:document_rejected': ContractDocumentEvent
  'contract:review_requested': ContractReviewEvent
  'contract:review_approved': ContractReviewEvent
  'contract:review_rejected': ContractReviewEvent
  'contract:comment_added': ContractCommentEvent
}

/** One notification a change sends: its event name and payload */
export type ContractNotice = {
  [Name in keyof ContractNoticeEvents]: { name: Name; data: ContractNoticeEvents[Name] }
}[keyof ContractNoticeEvents]

/**
 * A change of a contract's state (created, a status move, a signature),
 * recorded once in the change's transaction. Its listeners run in order
 * (start/events.ts): the history row, the notifications with their
 * e-mails, then the contract.* webhooks, so every side effect of one
 * change hangs off this one event.
 */
export interface ContractChangedEvent {
  /** The contract as saved by the change */
  contract: Contract
  actorId: string | null
  /** null when the change wrote its history itself (the sweep's set-based INSERT) */
  history: {
    type: 'CREATED' | 'UPDATED' | 'STATUS_CHANGED' | 'SIGNED'
    payload?: Record<string, unknown>
  } | null
  notices: ContractNotice[]
  /** In order: `contract.status_changed` before the event that names the move */
  webhooks: Extract<WebhookEventType, `contract.${string}`>[]
  trx: TransactionClientContract
}

declare module '@adonisjs/core/types' {
  interface EventsList extends ContractNoticeEvents {
    'contract:changed': ContractChangedEvent
  }
}
