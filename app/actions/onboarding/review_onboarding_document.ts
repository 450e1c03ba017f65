import db from '@adonisjs/lucid/services/db'
import emitter from '@adonisjs/core/services/emitter'
import type { Infer } from '@vinejs/vine/types'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type Company from '#models/company'
import OnboardingDocument from '#models/onboarding_document'
import onboardingFiles from '#services/onboarding/file_storage'
import Onboarding from '#models/onboarding'
import onboardingTokens from '#services/onboarding/token_service'
import { providerContact } from '#services/onboarding/parties'
import { ConflictException, NotFoundException } from '#exceptions/http_exceptions'
import { ONBOARDING_MESSAGES } from '#support/onboarding'
import type { reviewOnboardingDocumentValidator } from '#validators/onboarding'

interface Params extends Infer<typeof reviewOnboardingDocumentValidator> {
  company: Company
  onboardingId: string
  documentId: string
}

/**
 * The borrower reviews an `uploaded` document: `validated`, or `rejected`
 * with a reason. A rejection reopens a submitted onboarding (the provider
 * resends and submits again) and notifies the provider.
 */
export default class ReviewOnboardingDocument {
  async handle({ company, onboardingId, documentId, status, reason }: Params) {
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
      if (status === 'rejected') await this.#reopen(onboarding, document, trx)
      return document
    })
    return { document: reviewed, fileUrls: await onboardingFiles.urlsFor([reviewed]) }
  }

  async #reopen(
    onboarding: Onboarding,
    document: OnboardingDocument,
    trx: TransactionClientContract
  ) {
    if (onboarding.status === 'submitted') {
      onboarding.merge({ status: 'pending', submittedAt: null })
      await onboarding.useTransaction(trx).save()
    }
    const recipient = await providerContact(onboarding, trx)
    if (!recipient) return
    await emitter.emit('onboarding:document_rejected', {
      onboardingId: onboarding.id,
      recipient,
      contract: { id: onboarding.contract.id, name: onboarding.contract.name },
      document: { id: document.id, name: document.name },
      reason: document.rejectionReason!,
      url: onboardingTokens.url(await onboardingTokens.sign(onboarding)),
      trx,
    })
  }
}
