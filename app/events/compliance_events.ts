import type { TransactionClientContract } from '@adonisjs/lucid/types/database'

/** Who a compliance notification goes to; `companyId` = the borrower company (context) */
export interface ComplianceRecipient {
  userId: string
  companyId: string
  email: string
  name: string
}

/** Common payload: everything needed to notify without another query */
export interface ComplianceEventBase {
  recipients: ComplianceRecipient[]
  companyId: string
  complianceId: string
  providerComplianceFlowId: string
  complianceFlowId: string
  flowName: string
  providerId: string
  month: number
  year: number
  actor: { userId: string; name: string }
  trx: TransactionClientContract
}

export interface ComplianceStepEvent extends ComplianceEventBase {
  stepComplianceId: string
  stepTitle: string
}

/** C5: a step was submitted; recipients = the step's reviewers */
export interface ComplianceDocumentSubmittedEvent extends ComplianceStepEvent {
  documents: { id: string; documentRequirementName: string; fileName: string }[]
}

/** E8: a review decision became final; recipients = the provider user(s) */
export interface ComplianceDocumentReviewedEvent extends ComplianceStepEvent {
  /** null on a platformData step (the step itself was reviewed) */
  documentId: string | null
  documentRequirementName: string | null
  rejectionReason: string | null
}

/**
 * Emitted inside the transaction of the change, so a listener can record
 * the notifications atomically with it. Delivery is wired by the lead.
 */
declare module '@adonisjs/core/types' {
  interface EventsList {
    'compliance:document_submitted': ComplianceDocumentSubmittedEvent
    'compliance:document_approved': ComplianceDocumentReviewedEvent
    'compliance:document_rejected': ComplianceDocumentReviewedEvent
    /** Every step submitted or approved; recipients = borrower owner/admin */
    'compliance:sent': ComplianceEventBase
  }
}
