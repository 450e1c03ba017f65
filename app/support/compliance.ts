/**
 * Compliance enumerations (spec: Compliance (provider view)).
 */
export const FLOW_STATUSES = ['draft', 'active', 'archived'] as const
export type FlowStatus = (typeof FLOW_STATUSES)[number]

export const STEP_TYPES = ['documents', 'platformData'] as const
export type StepType = (typeof STEP_TYPES)[number]

export const PLATFORM_DATA_TYPES = ['hours', 'activeContracts'] as const
export type PlatformDataType = (typeof PLATFORM_DATA_TYPES)[number]

export const FREQUENCIES = ['weekly', 'biweekly', 'monthly', 'quarterly', 'custom'] as const
export type Frequency = (typeof FREQUENCIES)[number]

export const DOCUMENT_FORMATS = [
  '.pdf',
  '.png',
  '.jpg',
  '.jpeg',
  '.doc',
  '.docx',
  '.xls',
  '.xlsx',
] as const

export const COMPLIANCE_STATUSES = ['pending', 'sent', 'approved', 'rejected'] as const
export type ComplianceStatus = (typeof COMPLIANCE_STATUSES)[number]

export const STEP_STATUSES = [
  'pending',
  'in_progress',
  'submitted',
  'approved',
  'rejected',
  'blocked',
] as const
export type StepStatus = (typeof STEP_STATUSES)[number]

export type DocumentStatus = 'pending' | 'approved' | 'rejected'

/** Step statuses in which the provider may still upload, grant and submit */
export const OPEN_STEP_STATUSES: readonly StepStatus[] = ['pending', 'in_progress', 'rejected']

/** The overall status of a compliance from its steps (decisions.md, Compliance) */
export function complianceStatusOf(steps: { status: StepStatus }[]): ComplianceStatus {
  if (steps.length && steps.every((step) => step.status === 'approved')) return 'approved'
  if (steps.some((step) => step.status === 'rejected')) return 'rejected'
  if (steps.length && steps.every((step) => ['submitted', 'approved'].includes(step.status))) {
    return 'sent'
  }
  return 'pending'
}

/** A bound PostgreSQL array literal of UUIDs (`CAST(? AS uuid[])`) */
export const pgArray = (ids: string[]) => `{${ids.join(',')}}`

/** Size cap of one compliance file */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024

/** C4's refusals: all 400, in the compliance area's words (FileStorageService rules) */
export const COMPLIANCE_UPLOAD_RULES = {
  maxFileSize: MAX_UPLOAD_BYTES,
  status: 400,
  messages: {
    EMPTY: 'errors.compliance_file_empty',
    SIZE: 'errors.compliance_file_too_large',
    MISMATCH: 'errors.format_not_accepted',
  },
}
