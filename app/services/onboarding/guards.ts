import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Onboarding from '#models/onboarding'
import OnboardingDocument from '#models/onboarding_document'
import { ConflictException, NotFoundException } from '#exceptions/http_exceptions'
import { CHANGEABLE_DOCUMENT_STATUSES, ONBOARDING_MESSAGES } from '#support/onboarding'

/**
 * The onboarding of the request, locked for the change, and still open to
 * the provider: a submitted onboarding is read-only until the borrower
 * rejects one of its documents (409).
 */
export async function lockOpenOnboarding(onboardingId: string, trx: TransactionClientContract) {
  const onboarding = await Onboarding.query({ client: trx })
    .where('id', onboardingId)
    .forUpdate()
    .firstOrFail()
  if (onboarding.status === 'submitted') {
    throw new ConflictException(ONBOARDING_MESSAGES.alreadySubmitted)
  }
  return onboarding
}

/** A document of that onboarding only (another onboarding's id is 404), locked */
export async function lockOnboardingDocument(
  onboardingId: string,
  documentId: string,
  trx: TransactionClientContract
) {
  const document = await OnboardingDocument.query({ client: trx })
    .where('onboarding_id', onboardingId)
    .where('id', documentId)
    .forUpdate()
    .first()
  if (!document) throw new NotFoundException(ONBOARDING_MESSAGES.documentNotFound)
  return document
}

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
