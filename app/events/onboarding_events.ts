import type { TransactionClientContract } from '@adonisjs/lucid/types/database'

/** A user to notify (in-app notification company + e-mail) */
export interface OnboardingRecipient {
  userId: string
  companyId: string
  email: string
  name: string
  /** The user's saved language (e-mail), null = pt-BR */
  locale: string | null
}

export interface OnboardingContractRef {
  id: string
  name: string
}

/**
 * The provider submitted the onboarding (rule A5): the borrower's owners
 * and admins are notified for review. Emitted inside the transaction.
 */
export interface OnboardingSubmittedEvent {
  onboardingId: string
  recipients: OnboardingRecipient[]
  contract: OnboardingContractRef
  provider: { id: string; name: string }
  trx: TransactionClientContract
}

/**
 * The borrower rejected an onboarding document: the provider (natural
 * person, or the provider company's owner) is asked to resend it.
 */
export interface OnboardingDocumentRejectedEvent {
  onboardingId: string
  recipient: OnboardingRecipient
  contract: OnboardingContractRef
  document: { id: string; name: string }
  reason: string
  url: string
  trx: TransactionClientContract
}

/**
 * H16/H17: the onboarding e-mail to the provider's owner (also sent again
 * as a reminder). `pendingDocuments` are the documents still to upload.
 */
export interface OnboardingSentEvent {
  onboardingId: string
  recipient: { userId: string; email: string; name: string; locale: string | null }
  url: string
  contract: OnboardingContractRef
  hasForm: boolean
  hasDocuments: boolean
  pendingDocuments: { id: string; name: string }[]
  /** The link was sent before (H16 again): the notification is a `reminder` */
  reminder: boolean
  trx: TransactionClientContract
}

declare module '@adonisjs/core/types' {
  interface EventsList {
    'onboarding:submitted': OnboardingSubmittedEvent
    'onboarding:document_rejected': OnboardingDocumentRejectedEvent
    'onboarding:sent': OnboardingSentEvent
  }
}
