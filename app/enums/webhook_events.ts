/**
 * The webhook event catalogue (GET /webhooks/events): names
 * `<entity>.<action>`, each with its one-line description. `*` subscribes
 * to all; `ping` is sent only by POST /webhooks/:id/test.
 */
export const WEBHOOK_EVENTS = {
  'contract.created': 'A contract was created (draft)',
  'contract.published': 'A contract was published to its parties',
  'contract.status_changed': 'A contract moved to another status',
  'contract.signed': 'A signer signed a contract',
  'contract.completed': 'Every signer signed: the contract is complete',
  'contract.cancelled': 'A contract was cancelled',
  'contract.document.uploaded': 'A document was uploaded to a contract',
  'contract.document.approved': "A contract's uploaded document was approved",
  'contract.document.rejected': "A contract's uploaded document was rejected",
  'contract.review.approved': 'A reviewer approved a contract',
  'contract.review.rejected': 'A reviewer rejected a contract',
  'onboarding.sent': 'A provider onboarding was sent to the provider',
  'onboarding.submitted': 'A provider submitted its onboarding',
  'compliance.step.submitted': 'A provider submitted a compliance step',
  'compliance.step.approved': 'A compliance step was approved',
  'compliance.step.rejected': 'A compliance step was rejected',
  'work_entry.created': 'A provider logged a work entry',
  'work_entry.updated': 'A work entry was changed',
  'work_entry.deleted': 'A work entry was deleted',
  'retroactive_request.created': 'A provider asked to log hours for a past day',
  'retroactive_request.approved': 'A retroactive request was approved',
  'retroactive_request.declined': 'A retroactive request was declined',
  'ping': 'A test event sent by POST /webhooks/:id/test',
} as const

export type WebhookEventType = keyof typeof WEBHOOK_EVENTS
export const WEBHOOK_EVENT_TYPES = Object.keys(WEBHOOK_EVENTS) as WebhookEventType[]

/** What an endpoint may subscribe to: the catalogue and `*` (all) */
export const WEBHOOK_SUBSCRIPTIONS = [...WEBHOOK_EVENT_TYPES, '*'] as const
