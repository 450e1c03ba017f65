/**
 * Contract statuses in board order (spec: Contract authoring).
 */
export const CONTRACT_STATUSES = [
  'draft',
  'parts',
  'model',
  'documents',
  'in_review',
  'provider',
  'provider_filling',
  'signature',
  'signing',
  'completed',
  'active',
  'finished',
  'overdue',
  'cancelled',
  'archived',
] as const
export type ContractStatus = (typeof CONTRACT_STATUSES)[number]

export const PART_ROLES = ['BORROWER', 'PROVIDER', 'NEUTRAL'] as const
export type PartRole = (typeof PART_ROLES)[number]

export const CONTRACT_TYPES = [
  'HOURLY',
  'WEEKLY',
  'DOUBLE_WEEKLY',
  'MONTHLY',
  'ANNUAL',
  'FIXED_PRICE',
] as const
export type ContractType = (typeof CONTRACT_TYPES)[number]

export const WORKFLOW_COMPANY_ROLES = ['borrower', 'provider'] as const
export type WorkflowCompanyRole = (typeof WORKFLOW_COMPANY_ROLES)[number]
