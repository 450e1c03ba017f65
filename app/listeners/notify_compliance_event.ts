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

/**
 * Compliance events (docs/decisions.md, Event notifications); recipients
 * come resolved in the payload, each with its company context.
 */
export default class NotifyComplianceEvent {
  /** C5: the step's validators review it */
  async documentSubmitted(event: ComplianceDocumentSubmittedEvent) {
    const names = event.documents.map((document) => document.documentRequirementName).join(', ')
    await notify(
      'document_uploaded',
      ownRecipients(event.recipients),
      {
        title: phrase('notice.compliance.submitted.title'),
        message: phrase(
          names
            ? 'notice.compliance.submitted.message_with_documents'
            : 'notice.compliance.submitted.message',
          {
            actor: event.actor.name,
            step: event.stepTitle,
            flow: event.flowName,
            period: period(event),
            documents: names,
          }
        ),
        scope: 'contract',
        actor: actorOf(event),
        activity: activity(
          'compliance_document_submitted',
          event,
          reviewRoute(event),
          'notice.action.review'
        ),
      },
      { trx: event.trx }
    )
  }

  async documentApproved(event: ComplianceDocumentReviewedEvent) {
    await notify(
      'document_approved',
      ownRecipients(event.recipients),
      {
        title: phrase('notice.compliance.approved.title'),
        message: phrase('notice.compliance.approved.message', reviewed(event)),
        scope: 'contract',
        actor: actorOf(event),
        activity: activity(
          'compliance_document_approved',
          event,
          providerRoute(event),
          'notice.action.view'
        ),
      },
      { trx: event.trx }
    )
  }

  async documentRejected(event: ComplianceDocumentReviewedEvent) {
    await notify(
      'document_rejected',
      ownRecipients(event.recipients),
      {
        title: phrase('notice.compliance.rejected.title'),
        message: withReason(
          phrase('notice.compliance.rejected.message', reviewed(event)),
          event.rejectionReason
        ),
        scope: 'contract',
        priority: 'high',
        actor: actorOf(event),
        activity: activity(
          'compliance_document_rejected',
          event,
          providerRoute(event),
          'notice.action.fix'
        ),
      },
      { trx: event.trx }
    )
  }

  /** Every step of the month submitted or approved: the borrower's owners/admins */
  async sent(event: ComplianceEventBase) {
    await notify(
      'document_uploaded',
      ownRecipients(event.recipients),
      {
        title: phrase('notice.compliance.sent.title'),
        message: phrase('notice.compliance.sent.message', {
          actor: event.actor.name,
          flow: event.flowName,
          period: period(event),
        }),
        scope: 'contract',
        actor: actorOf(event),
        activity: activity(
          'compliance_sent',
          event,
          reviewRoute(event),
          'notice.action.view_compliance'
        ),
      },
      { trx: event.trx }
    )
  }
}
