/**
 * Onboarding vocabulary (spec: Onboarding view, Onboarding document status).
 */
export const ONBOARDING_STATUSES = ['pending', 'submitted', 'expired'] as const
export type OnboardingStatus = (typeof ONBOARDING_STATUSES)[number]

export const ONBOARDING_DOCUMENT_STATUSES = [
  'waiting',
  'uploaded',
  'validated',
  'rejected',
] as const
export type OnboardingDocumentStatus = (typeof ONBOARDING_DOCUMENT_STATUSES)[number]

/** Documents the provider may (re)send or remove: state table, "per status" row */
export const CHANGEABLE_DOCUMENT_STATUSES: readonly OnboardingDocumentStatus[] = [
  'waiting',
  'rejected',
]

/** An onboarding document without its file: `waiting` for the provider to send one */
export const DOCUMENT_WITHOUT_FILE = {
  status: 'waiting',
  filePath: null,
  fileName: null,
  fileSize: null,
  uploadedAt: null,
  rejectionReason: null,
} as const

/** Documents that count as sent for the submission (rule A5) */
export const SENT_DOCUMENT_STATUSES: readonly OnboardingDocumentStatus[] = ['uploaded', 'validated']

export const FORM_FIELD_TYPES = [
  'text',
  'textarea',
  'number',
  'email',
  'date',
  'select',
  'cpf',
  'cnpj',
  'phone',
  'currency',
  'boolean',
] as const
export type FormFieldType = (typeof FORM_FIELD_TYPES)[number]

export interface FormFieldOption {
  label: string
  value: string
}

/** Link validity chosen by the borrower (Authentication, point 3) */
export const ONBOARDING_VALIDITY_DAYS = { min: 7, max: 30, default: 14 }

/** Portuguese messages of the onboarding area (spec: Errors) */
export const ONBOARDING_MESSAGES = {
  invalidToken: 'errors.onboarding.invalid_token',
  notFound: 'errors.onboarding.not_found',
  documentNotFound: 'errors.onboarding.document_not_found',
  formatNotAccepted: 'errors.onboarding.format_not_accepted',
  fileTooLarge: 'errors.onboarding.file_too_large',
  fileMissing: 'errors.onboarding.file_missing',
  tooManyFiles: 'errors.onboarding.too_many_files',
  fileEmpty: 'errors.onboarding.file_empty',
  alreadySent: 'errors.onboarding.already_sent',
  alreadyValidated: 'errors.onboarding.already_validated',
  cannotRemove: 'errors.onboarding.cannot_remove',
  contractTakesNoUploads: 'errors.onboarding.contract_takes_no_uploads',
  alreadySubmitted: 'errors.onboarding.already_submitted',
  missingRequired: 'errors.onboarding.missing_required',
  formSaved: 'messages.onboarding_form_saved',
  submitted: 'messages.onboarding_submitted',
  notReviewable: 'errors.onboarding.not_reviewable',
  contractNotFound: 'errors.onboarding.contract_not_found',
  contractClosed: 'errors.onboarding.contract_closed',
  providerNotFound: 'errors.onboarding.provider_not_found',
  nothingToFill: 'errors.onboarding.nothing_to_fill',
  noOwnerEmail: 'errors.onboarding.no_owner_email',
  notInProviderStatus: 'errors.onboarding.not_in_provider_status',
  noProviders: 'errors.onboarding.no_providers',
}
