import type { FormFieldOption, FormFieldType } from '#support/onboarding'

/**
 * What a provider must fill in an onboarding, as contract authoring hands
 * it to UpsertOnboardingContent (built by contract_content.ts).
 */

/** A document the provider must upload (a requirement with `isDownload: false`) */
export interface OnboardingDocumentInput {
  sourceId: string
  name: string
  description?: string | null
  isRequired?: boolean
  acceptedFormats: string[]
  /** Bytes */
  maxFileSize: number
}

/** A form field (a template variable whose source is the provider) */
export interface OnboardingFormFieldInput {
  sourceKey: string
  label: string
  type: FormFieldType
  required?: boolean
  options?: FormFieldOption[] | null
  placeholder?: string | null
  /** Initial value, used only when the field is created */
  value?: string | null
}

/** A file the provider may download (a requirement with `isDownload: true`) */
export interface OnboardingDownloadInput {
  sourceId: string
  name: string
  description?: string | null
  /** Drive key of the file (private disk) */
  filePath: string
  fileName: string
}

export interface OnboardingContent {
  contractId: string
  /** Company id (legal entity) or user id (natural person) of a PROVIDER part */
  providerId: string
  documents?: OnboardingDocumentInput[]
  formFields?: OnboardingFormFieldInput[]
  downloadDocuments?: OnboardingDownloadInput[]
}
