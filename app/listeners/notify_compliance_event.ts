import type {
  ComplianceDocumentReviewedEvent,
  ComplianceDocumentSubmittedEvent,
  ComplianceEventBase,
} from '#events/compliance_events'
import { notify } from '#services/notifications/notifier'
import { eventActivity, ownRecipients } from '#services/notifications/event_notifications'

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
        title: 'Documentos de conformidade enviados',
        message: `${event.actor.name} enviou "${event.stepTitle}" (${event.flowName}, ${period(event)})${names ? `: ${names}` : ''}.`,
        scope: 'contract',
        actor: actorOf(event),
        activity: activity('compliance_document_submitted', event, reviewRoute(event), 'Revisar'),
      },
      { trx: event.trx }
    )
  }

  async documentApproved(event: ComplianceDocumentReviewedEvent) {
    await notify(
      'document_approved',
      ownRecipients(event.recipients),
      {
        title: 'Documento de conformidade aprovado',
        message: `${event.documentRequirementName ?? event.stepTitle} (${event.flowName}, ${period(event)}) foi aprovado.`,
        scope: 'contract',
        actor: actorOf(event),
        activity: activity('compliance_document_approved', event, providerRoute(event), 'Ver'),
      },
      { trx: event.trx }
    )
  }

  async documentRejected(event: ComplianceDocumentReviewedEvent) {
    const reason = event.rejectionReason ? ` Motivo: ${event.rejectionReason}` : ''
    await notify(
      'document_rejected',
      ownRecipients(event.recipients),
      {
        title: 'Documento de conformidade recusado',
        message: `${event.documentRequirementName ?? event.stepTitle} (${event.flowName}, ${period(event)}) foi recusado.${reason}`,
        scope: 'contract',
        priority: 'high',
        actor: actorOf(event),
        activity: activity('compliance_document_rejected', event, providerRoute(event), 'Corrigir'),
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
        title: 'Conformidade do mês enviada',
        message: `${event.actor.name} concluiu o envio de ${event.flowName} (${period(event)}).`,
        scope: 'contract',
        actor: actorOf(event),
        activity: activity('compliance_sent', event, reviewRoute(event), 'Ver conformidade'),
      },
      { trx: event.trx }
    )
  }
}
