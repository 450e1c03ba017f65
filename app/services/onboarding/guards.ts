import type OnboardingDocument from '#models/onboarding_document'
import { ConflictException } from '#exceptions/http_exceptions'
import { CHANGEABLE_DOCUMENT_STATUSES, ONBOARDING_MESSAGES } from '#support/onboarding'

/** Upload and removal are allowed in `waiting` and `rejected` only (state table) */
export function assertDocumentChangeable(
  document: OnboardingDocument,
  change: 'upload' | 'remove'
) {
  if (CHANGEABLE_DOCUMENT_STATUSES.includes(document.status)) return
  if (change === 'remove') throw new ConflictException(ONBOARDING_MESSAGES.cannotRemove)
  throw new ConflictException(
    document.status === 'validated'
      ? ONBOARDING_MESSAGES.alreadyValidated
      : ONBOARDING_MESSAGES.alreadySent
  )
}
