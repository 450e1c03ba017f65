import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const PublicOnboardingController = () => import('#controllers/public_onboarding_controller')
const OnboardingsController = () => import('#controllers/onboardings_controller')
const OnboardingDocumentReviewsController = () =>
  import('#controllers/onboarding_document_reviews_controller')

const uuid = router.matchers.uuid()

/**
 * A1-A5: public, the onboarding token in the path and in the bearer
 * header (onboardingToken middleware, rate limited per token and IP).
 */
router
  .group(() => {
    router.get('/', [PublicOnboardingController, 'show']).as('show')
    router
      .post('/documents/:documentId/upload', [PublicOnboardingController, 'upload'])
      .where('documentId', uuid)
      .as('documents.upload')
    router
      .delete('/documents/:documentId/file', [PublicOnboardingController, 'removeFile'])
      .where('documentId', uuid)
      .as('documents.remove_file')
    router.put('/form', [PublicOnboardingController, 'saveForm']).as('form')
    router.post('/submit', [PublicOnboardingController, 'submit']).as('submit')
  })
  .prefix('/api/v1/onboarding/:token')
  .as('public_onboarding')
  .use(middleware.onboardingToken())

/**
 * Borrower side: links, review, H16/H17.
 */
router
  .group(() => {
    router
      .get('/contracts/:contractId/onboardings', [OnboardingsController, 'index'])
      .where('contractId', uuid)
      .as('contracts.onboardings.index')
    router
      .post('/contracts/:contractId/providers/:providerId/onboarding-link', [
        OnboardingsController,
        'createLink',
      ])
      .where('contractId', uuid)
      .where('providerId', uuid)
      .as('contracts.providers.onboarding_link')
    router
      .post('/contracts/:contractId/providers/:providerId/onboarding/send', [
        OnboardingsController,
        'send',
      ])
      .where('contractId', uuid)
      .where('providerId', uuid)
      .as('contracts.providers.onboarding.send')
    router
      .post('/contracts/:contractId/onboarding/start', [OnboardingsController, 'start'])
      .where('contractId', uuid)
      .as('contracts.onboarding.start')
    router
      .patch('/onboardings/:onboardingId/documents/:documentId/review', [
        OnboardingDocumentReviewsController,
        'update',
      ])
      .where('onboardingId', uuid)
      .where('documentId', uuid)
      .as('onboardings.documents.review')
  })
  .prefix('/api/v1')
  .use([middleware.auth(), middleware.company(), middleware.role()])
