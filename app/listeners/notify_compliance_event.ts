import type {
  ComplianceDocumentReviewedEvent,
  ComplianceDocumentSubmittedEvent,
  ComplianceEventBase,
} from '#events/compliance_events'
import { notify } from '#services/notifications/notifier'
import { eventActivity, ownRecipients } from '#services/notifications/event_notifications'
import { phrase, withReason } from '#support/i18n'

const period = (event: ComplianceEventBase) =>
  `${String(event.month).padStart(2, '0')}/${event.year}`

/** Where the borrower reviews the provider's compliance */
const reviewRoute = (event: ComplianceEventBase) =>
  `/team/${event.providerId}/compliances/${event.complianceId}`

/** Where the provider sees its compliance */
const providerRoute = (event: ComplianceEventBase) => `/provider-compliances/${event.complianceId}`

/** The step (document events) or the whole compliance (`compliance:sent`) */
function activity(
  kind: string,
  event: ComplianceEventBase & { stepComplianceId?: string; stepTitle?: string },
  actionRoute: string,
  label: string
) {
  return eventActivity(kind, {
    entityType: 'document',
    entityId: event.stepComplianceId ?? event.complianceId,
    entityName: event.stepTitle ?? event.flowName,
    actionLabel: label,
    actionRoute,
    metadata: {
      complianceId: event.complianceId,
      complianceFlowId: event.complianceFlowId,
      providerComplianceFlowId: event.providerComplianceFlowId,
      providerId: event.providerId,
      month: event.month,
      year: event.year,
    },
  })
}

/** The reviewed document, its flow and period (approval and rejection texts) */
const reviewed = (event: ComplianceDocumentReviewedEvent) => ({
  document: event.documentRequirementName ?? event.stepTitle,
  flow: event.flowName,
  period: period(event),
})

const actorOf = (event: ComplianceEventBase) => ({ id: event.actor.userId, name: event.actor.name })

type Notice = Parameters<typeof notify>[2]

/**
 * One notification of a compliance event to its resolved recipients
 * (scope contract), by the event's actor, pointing at `route`.
 */
function tell(
  type: Parameters<typeof notify>[0],
  event: Parameters<typeof activity>[1],
  text: Pick<Notice, 'title' | 'message' | 'priority'>,
  [kind, route, label]: [kind: string, route: string, label: string]
) {
  return notify(
    type,
    ownRecipients(event.recipients),
    {
      title: text.title,
      message: text.message,
      scope: 'contract',
      ...(text.priority ? { priority: text.priority } : {}),
      actor: actorOf(event),
      activity: activity(kind, event, route, label),
    },
    { trx: event.trx }
  )
}

/**
 * Compliance events (docs/decisions.md, Event notifications); recipients
 * come resolved in the payload, each with its company context.
 */
export default class NotifyComplianceEvent {
  /** C5: the step's validators review it */
  async documentSubmitted(event: ComplianceDocumentSubmittedEvent) {
    const names = event.documents.map((document) => document.documentRequirementName).join(', ')
    const key = names
      ? 'notice.compliance.submitted.message_with_documents'
      : 'notice.compliance.submitted.message'
    await tell(
      'document_uploaded',
      event,
      {
        title: phrase('notice.compliance.submitted.title'),
        message: phrase(key, {
          actor: event.actor.name,
          step: event.stepTitle,
          flow: event.flowName,
          period: period(event),
          documents: names,
        }),
      },
      ['compliance_document_submitted', reviewRoute(event), 'notice.action.review']
    )
  }

  async documentApproved(event: ComplianceDocumentReviewedEvent) {
    await tell(
      'document_approved',
      event,
      {
        title: phrase('notice.compliance.approved.title'),
        message: phrase('notice.compliance.approved.message', reviewed(event)),
      },
      ['compliance_document_approved', providerRoute(event), 'notice.action.view']
    )
  }

  async documentRejected(event: ComplianceDocumentReviewedEvent) {
    await tell(
      'document_rejected',
      event,
      {
        title: phrase('notice.compliance.rejected.title'),
        message: withReason(
          phrase('notice.compliance.rejected.message', reviewed(event)),
          event.rejectionReason
        ),
        priority: 'high',
      },
      ['compliance_document_rejected', providerRoute(event), 'notice.action.fix']
    )
  }

  /** Every step of the month submitted or approved: the borrower's owners/admins */
  async sent(event: ComplianceEventBase) {
    await tell(
      'document_uploaded',
      event,
      {
        title: phrase('notice.compliance.sent.title'),
        message: phrase('notice.compliance.sent.message', {
          actor: event.actor.name,
          flow: event.flowName,
          period: period(event),
        }),
      },
      ['compliance_sent', reviewRoute(event), 'notice.action.view_compliance']
    )
  }
}
