import type { ContractStatus } from '#enums/contract_status'

/** Keys of the authoring steps (ContractStep.key / currentStep.key / H8) */
export const STEP_KEYS = ['parts', 'model', 'documents', 'review', 'upload', 'signature'] as const
export type StepKey = (typeof STEP_KEYS)[number]

/** H9 commands (uppercase only) */
export const STATUS_COMMANDS = ['DRAFT', 'IN_REVIEW', 'PUBLISHED', 'ARCHIVED', 'DONE'] as const
export type StatusCommand = (typeof STATUS_COMMANDS)[number]

/** Statuses of a contract still being written (the spec's "draft" side) */
export const AUTHORING_STATUSES: readonly ContractStatus[] = [
  'draft',
  'parts',
  'model',
  'documents',
]

/** Statuses in which the save payload (H4) may still change the contract */
export const EDITABLE_STATUSES: readonly ContractStatus[] = [
  ...AUTHORING_STATUSES,
  'in_review',
  'provider',
  'provider_filling',
  'signature',
]

/** Statuses that accept uploads and document reviews (H6, H7, H11) */
export const UPLOAD_STATUSES: readonly ContractStatus[] = EDITABLE_STATUSES

/**
 * Statuses of a contract that is over: it cannot be cancelled again, and
 * nothing reaches it through an onboarding link any more.
 */
export const CLOSED_STATUSES: readonly ContractStatus[] = ['finished', 'cancelled', 'archived']

/**
 * Statuses of a signed contract that is in force or about to start: B1's
 * "active contract" (a signed contract whose start date is ahead is
 * `completed` until the sweep moves it to `active`).
 */
export const SIGNED_OPEN_STATUSES: readonly ContractStatus[] = ['completed', 'active']

/** The provider summary's ContractStatus (B1): four values only */
export type SummaryContractStatus = 'draft' | 'signed' | 'completed' | 'cancelled'

/**
 * The one mapping of the internal status onto B1's enum: not signed yet =
 * `draft`; signed (about to start or running) = `signed`; its term over =
 * `completed`; cancelled or archived = `cancelled`.
 */
export function summaryContractStatus(status: ContractStatus): SummaryContractStatus {
  if (SIGNED_OPEN_STATUSES.includes(status)) return 'signed'
  if (status === 'finished') return 'completed'
  if (status === 'cancelled' || status === 'archived') return 'cancelled'
  return 'draft'
}

/** Statuses in which signatures are collected */
export const SIGNING_STATUSES: readonly ContractStatus[] = ['signing', 'overdue']

/** Statuses hidden from providers (B2-B4): the contract is not published yet */
export const UNPUBLISHED_STATUSES: readonly ContractStatus[] = [...AUTHORING_STATUSES, 'in_review']

/**
 * H9: where each command may come from. PUBLISHED's target depends on the
 * contract (see ChangeContractStatus); the others map one to one.
 */
export const COMMAND_SOURCES: Record<StatusCommand, readonly ContractStatus[]> = {
  DRAFT: ['in_review'],
  IN_REVIEW: AUTHORING_STATUSES,
  PUBLISHED: [...AUTHORING_STATUSES, 'in_review'],
  ARCHIVED: [...EDITABLE_STATUSES, 'completed', 'finished', 'overdue', 'cancelled'],
  DONE: ['completed', 'active'],
}

export const COMMAND_TARGETS: Record<Exclude<StatusCommand, 'PUBLISHED'>, ContractStatus> = {
  DRAFT: 'draft',
  IN_REVIEW: 'in_review',
  ARCHIVED: 'archived',
  DONE: 'finished',
}

/** H8: the status an authoring contract moves to once a step is complete */
export const STATUS_AFTER_STEP: Partial<Record<StepKey, ContractStatus>> = {
  parts: 'model',
  model: 'documents',
}

/** E-mail instructions for parts: catalogue keys, rendered in each recipient's language */
export const FILL_INSTRUCTIONS = 'mail.contract.fill_instructions'
export const SIGN_INSTRUCTIONS = 'mail.contract.sign_instructions'
