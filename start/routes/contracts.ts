import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const ContractsController = () => import('#controllers/contracts_controller')
const ContractStatusController = () => import('#controllers/contract_status_controller')
const ProviderContractsController = () => import('#controllers/provider_contracts_controller')
const ContractFilesController = () => import('#controllers/contract_files_controller')
const ContractReviewsController = () => import('#controllers/contract_reviews_controller')
const ContractSignaturesController = () => import('#controllers/contract_signatures_controller')

/**
 * Contracts (H1-H15 and B2-B4). Path ids must be UUID v4, else 404
 * (pathIds, after the gates). Each route's `.gate(...)` names the permission
 * the role gate requires (app/support/permissions.ts).
 */
router
  .group(() => {
    /** Borrower side (H1) or provider (B4): answered per role */
    router
      .get('/contracts', [ContractsController, 'index'])
      .as('contracts.index')
      .gate(['contracts.view', 'provider.contracts.view'], { providerIdentities: true })
      .use(middleware.versionedGet())

    /** Signers may be borrower-side users or providers: checked against the signer list */
    router
      .get('/contracts/:id/signatures', [ContractSignaturesController, 'show'])
      .as('contracts.signatures')
      .gate(['contracts.view', 'contracts.sign'])
    router
      .post('/contracts/:id/signatures/sign', [ContractSignaturesController, 'sign'])
      .as('contracts.signatures.sign')
      .gate('contracts.sign')
    router
      .post('/contracts/:id/signatures/reject', [ContractSignaturesController, 'reject'])
      .as('contracts.signatures.reject')
      .gate('contracts.sign')

    /** B2, B3: the provider's own contracts */
    router
      .get('/contracts/:id/documents', [ProviderContractsController, 'documents'])
      .as('contracts.provider.documents')
      .gate('provider.contracts.view')
    router
      .get('/contracts/:id/provider/detail', [ProviderContractsController, 'detail'])
      .as('contracts.provider.detail')
      .gate('provider.contracts.view')

    /** Borrower side: `user` reads and reviews or signs where named */
    router
      .get('/contracts/board', [ContractsController, 'board'])
      .as('contracts.board')
      .gate('contracts.view')
      .use(middleware.versionedGet())
    router
      .post('/contracts', [ContractsController, 'store'])
      .as('contracts.store')
      .gate('contracts.manage')
    router
      .put('/contracts/:id', [ContractsController, 'update'])
      .as('contracts.update')
      .gate('contracts.manage')
    router
      .get('/contracts/:id', [ContractsController, 'show'])
      .as('contracts.show')
      .gate('contracts.view')
    router
      .get('/contracts/:id/detail', [ContractsController, 'show'])
      .as('contracts.detail')
      .gate('contracts.view')
    router
      .delete('/contracts/:id', [ContractsController, 'destroy'])
      .as('contracts.destroy')
      .gate('contracts.manage')
    router
      .patch('/contracts/:id/status', [ContractStatusController, 'update'])
      .as('contracts.status')
      .gate('contracts.manage')
    router
      .patch('/contracts/:id/steps/:stepKey/complete', [ContractStatusController, 'completeStep'])
      .as('contracts.steps.complete')
      .gate('contracts.manage')
    router
      .patch('/contracts/:id/cancel', [ContractStatusController, 'cancel'])
      .as('contracts.cancel')
      .gate('contracts.manage')
    router
      .post('/contracts/:id/documents/:docId/files', [ContractFilesController, 'store'])
      .as('contracts.files.store')
      .gate('contracts.manage')
    router
      .delete('/contracts/:id/documents/:docId/files/:fileId', [ContractFilesController, 'destroy'])
      .as('contracts.files.destroy')
      .gate('contracts.manage')
    router
      .get('/contracts/:id/uploads', [ContractFilesController, 'index'])
      .as('contracts.uploads')
      .gate('contracts.view')
    router
      .patch('/contracts/:id/documents/:docId/review', [ContractFilesController, 'review'])
      .as('contracts.documents.review')
      .gate('contracts.manage')

    router
      .get('/contracts/:id/review', [ContractReviewsController, 'show'])
      .as('contracts.review')
      .gate('contracts.view')
    router
      .post('/contracts/:id/review/reminders', [ContractReviewsController, 'remind'])
      .as('contracts.review.reminders')
      .gate('contracts.manage')
    router
      .get('/contracts/:id/review/:contractItemId/comments', [
        ContractReviewsController,
        'comments',
      ])
      .as('contracts.review.comments')
      .gate('contracts.view')
    router
      .post('/contracts/:id/review/:contractItemId/comment', [ContractReviewsController, 'comment'])
      .as('contracts.review.comment')
      .gate('contracts.review')
    router
      .patch('/contracts/:id/review/:contractItemId/comments/:commentId', [
        ContractReviewsController,
        'updateComment',
      ])
      .as('contracts.review.comments.update')
      .gate('contracts.review')
    router
      .post('/contracts/:id/review/:contractItemId/approve', [ContractReviewsController, 'approve'])
      .as('contracts.review.approve')
      .gate('contracts.review')
    router
      .post('/contracts/:id/review/:contractItemId/reject', [ContractReviewsController, 'reject'])
      .as('contracts.review.reject')
      .gate('contracts.review')
    router
      .post('/contracts/:id/review/:contractItemId/request-changes', [
        ContractReviewsController,
        'requestChanges',
      ])
      .as('contracts.review.request_changes')
      .gate('contracts.review')

    router
      .put('/contracts/:id/signatures/configuration', [ContractSignaturesController, 'configure'])
      .as('contracts.signatures.configure')
      .gate('contracts.manage')
    router
      .post('/contracts/:id/signatures/start', [ContractSignaturesController, 'start'])
      .as('contracts.signatures.start')
      .gate('contracts.manage')
    router
      .post('/contracts/:id/signatures/reminders', [ContractSignaturesController, 'remind'])
      .as('contracts.signatures.reminders')
      .gate('contracts.manage')
  })
  .prefix('/api/v1')
  .use([
    middleware.auth(),
    middleware.company(),
    middleware.role(),
    middleware.pathIds({ names: ['id', 'docId', 'fileId', 'contractItemId', 'commentId'] }),
  ])
