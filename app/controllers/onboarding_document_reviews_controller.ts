import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import ReviewOnboardingDocument from '#actions/onboarding/review_onboarding_document'
import OnboardingDocumentDto from '#dtos/onboarding_document_dto'
import { reviewOnboardingDocumentValidator } from '#validators/onboarding'

/** The borrower validates or rejects an uploaded onboarding document */
export default class OnboardingDocumentReviewsController {
  @inject()
  async update({ auth, params, request, company }: HttpContext, review: ReviewOnboardingDocument) {
    const payload = await request.validateUsing(reviewOnboardingDocumentValidator)
    const { document, fileUrls } = await review.handle({
      ...payload,
      company,
      reviewer: auth.getUserOrFail(),
      onboardingId: params.onboardingId,
      documentId: params.documentId,
    })
    return { data: OnboardingDocumentDto.fromModel(document, fileUrls) }
  }
}
