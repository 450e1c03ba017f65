import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const PublicOnboardingController = () => import('#controllers/public_onboarding_controller')
const OnboardingsController = () => import('#controllers/onboardings_controller')
const OnboardingDocumentReviewsController = () =>
  import('#controllers/onboarding_document_reviews_controller')

/**
 * A1-A5: public, the onboarding token in the path and in the bearer
 * header (onboardingToken middleware, rate limited per token and IP).
 */
router
  .group(() => {
    router.get('/', [PublicOnboardingController, 'show']).as('show')
    router
      .post('/documents/:documentId/upload', [PublicOnboardingController, 'upload'])
      .as('documents.upload')
    router
      .delete('/documents/:documentId/file', [PublicOnboardingController, 'removeFile'])
      .as('documents.remove_file')
    router.put('/form', [PublicOnboardingController, 'saveForm']).as('form')
    router.post('/submit', [PublicOnboardingController, 'submit']).as('submit')
  })
  .prefix('/api/v1/onboarding/:token')
  .as('public_onboarding')
  .use([middleware.onboardingToken(), middleware.pathIds({ names: ['documentId'] })])

/**
 * Borrower side: links, review, H16/H17.
 */
router
  .group(() => {
    router
      .get('/contracts/:contractId/onboardings', [OnboardingsController, 'index'])
      .as('contracts.onboardings.index')
      .gate('contracts.view')
    router
      .post('/contracts/:contractId/providers/:providerId/onboarding-link', [
        OnboardingsController,
        'createLink',
      ])
      .as('contracts.providers.onboarding_link')
      .gate('contracts.manage')
    router
      .post('/contracts/:contractId/providers/:providerId/onboarding/send', [
        OnboardingsController,
        'send',
      ])
      .as('contracts.providers.onboarding.send')
      .gate('contracts.manage')
    router
      .post('/contracts/:contractId/onboarding/start', [OnboardingsController, 'start'])
      .as('contracts.onboarding.start')
      .gate('contracts.manage')
    router
      .patch('/onboardings/:onboardingId/documents/:documentId/review', [
        OnboardingDocumentReviewsController,
        'update',
      ])
      .as('onboardings.documents.review')
      .gate('contracts.manage')
  })
  .prefix('/api/v1')
  .use([
    middleware.auth(),
    middleware.company(),
    middleware.role(),
    middleware.pathIds({ names: ['contractId', 'providerId', 'onboardingId', 'documentId'] }),
  ])
