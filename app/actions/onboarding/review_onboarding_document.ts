import db from '@adonisjs/lucid/services/db'
import type { Infer } from '@vinejs/vine/types'
import type Company from '#models/company'
import type User from '#models/user'
import OnboardingDocument from '#models/onboarding_document'
import onboardingFiles from '#services/onboarding/file_storage'
import Onboarding from '#models/onboarding'
import { askProviderToResend, feedReview } from '#services/onboarding/contract_feed'
import { ConflictException, NotFoundException } from '#exceptions/http_exceptions'
import { ONBOARDING_MESSAGES } from '#support/onboarding'
import type { reviewOnboardingDocumentValidator } from '#validators/onboarding'

interface Params extends Infer<typeof reviewOnboardingDocumentValidator> {
  company: Company
  reviewer: User
  onboardingId: string
  documentId: string
}

/**
 * The borrower reviews an `uploaded` document: `validated`, or `rejected`
 * with a reason. A rejection reopens a submitted onboarding (the provider
 * resends and submits again) and notifies the provider.
 */
export default class ReviewOnboardingDocument {
  async handle({ company, reviewer, onboardingId, documentId, status, reason }: Params) {
    const reviewed = await db.transaction(async (trx) => {
      const onboarding = await Onboarding.ofBorrower(company.id, trx)
        .where('onboardings.id', onboardingId)
        .preload('contract')
        .forUpdate()
        .first()
      if (!onboarding) throw new NotFoundException(ONBOARDING_MESSAGES.documentNotFound)
      const document = await OnboardingDocument.findOwned(onboarding.id, documentId, trx)
      if (document.status !== 'uploaded') {
        throw new ConflictException(ONBOARDING_MESSAGES.notReviewable)
      }

      document.merge({ status, rejectionReason: status === 'rejected' ? reason! : null })
      await document.useTransaction(trx).save()
      /** The contract's file of the provider's part carries the same review */
      await feedReview(onboarding, document, reviewer.id, trx)
      if (status === 'rejected') {
        await askProviderToResend(onboarding, document, onboarding.contract, trx)
      }
      return document
    })
    return { document: reviewed, fileUrls: await onboardingFiles.urlsFor([reviewed]) }
  }
}
