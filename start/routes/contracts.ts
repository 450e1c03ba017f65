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
 * (pathIds, after the gates). The role gate reads each route's permission from
 * ROUTE_GATES (app/support/permissions.ts).
 */
router
  .group(() => {
    /** Borrower side (H1) or provider (B4): answered per role */
    router
      .get('/contracts', [ContractsController, 'index'])
      .as('contracts.index')
      .use(middleware.versionedGet())

    /** Signers may be borrower-side users or providers: checked against the signer list */
    router
      .get('/contracts/:id/signatures', [ContractSignaturesController, 'show'])
      .as('contracts.signatures')
    router
      .post('/contracts/:id/signatures/sign', [ContractSignaturesController, 'sign'])
      .as('contracts.signatures.sign')
    router
      .post('/contracts/:id/signatures/reject', [ContractSignaturesController, 'reject'])
      .as('contracts.signatures.reject')

    /** B2, B3: the provider's own contracts */
    router
      .get('/contracts/:id/documents', [ProviderContractsController, 'documents'])
      .as('contracts.provider.documents')
    router
      .get('/contracts/:id/provider/detail', [ProviderContractsController, 'detail'])
      .as('contracts.provider.detail')

    /** Borrower side: `user` reads and reviews or signs where named (ROUTE_GATES) */
    router
      .get('/contracts/board', [ContractsController, 'board'])
      .as('contracts.board')
      .use(middleware.versionedGet())
    router.post('/contracts', [ContractsController, 'store']).as('contracts.store')
    router.put('/contracts/:id', [ContractsController, 'update']).as('contracts.update')
    router.get('/contracts/:id', [ContractsController, 'show']).as('contracts.show')
    router.get('/contracts/:id/detail', [ContractsController, 'show']).as('contracts.detail')
    router.delete('/contracts/:id', [ContractsController, 'destroy']).as('contracts.destroy')
    router
      .patch('/contracts/:id/status', [ContractStatusController, 'update'])
      .as('contracts.status')
    router
      .patch('/contracts/:id/steps/:stepKey/complete', [ContractStatusController, 'completeStep'])
      .as('contracts.steps.complete')
    router
      .patch('/contracts/:id/cancel', [ContractStatusController, 'cancel'])
      .as('contracts.cancel')
    router
      .post('/contracts/:id/documents/:docId/files', [ContractFilesController, 'store'])
      .as('contracts.files.store')
    router
      .delete('/contracts/:id/documents/:docId/files/:fileId', [ContractFilesController, 'destroy'])
      .as('contracts.files.destroy')
    router.get('/contracts/:id/uploads', [ContractFilesController, 'index']).as('contracts.uploads')
    router
      .patch('/contracts/:id/documents/:docId/review', [ContractFilesController, 'review'])
      .as('contracts.documents.review')

    router.get('/contracts/:id/review', [ContractReviewsController, 'show']).as('contracts.review')
    router
      .post('/contracts/:id/review/reminders', [ContractReviewsController, 'remind'])
      .as('contracts.review.reminders')
    router
      .get('/contracts/:id/review/:contractItemId/comments', [
        ContractReviewsController,
        'comments',
      ])
      .as('contracts.review.comments')
    router
      .post('/contracts/:id/review/:contractItemId/comment', [ContractReviewsController, 'comment'])
      .as('contracts.review.comment')
    router
      .patch('/contracts/:id/review/:contractItemId/comments/:commentId', [
        ContractReviewsController,
        'updateComment',
      ])
      .as('contracts.review.comments.update')
    router
      .post('/contracts/:id/review/:contractItemId/approve', [ContractReviewsController, 'approve'])
      .as('contracts.review.approve')
    router
      .post('/contracts/:id/review/:contractItemId/reject', [ContractReviewsController, 'reject'])
      .as('contracts.review.reject')
    router
      .post('/contracts/:id/review/:contractItemId/request-changes', [
        ContractReviewsController,
        'requestChanges',
      ])
      .as('contracts.review.request_changes')

    router
      .put('/contracts/:id/signatures/configuration', [ContractSignaturesController, 'configure'])
      .as('contracts.signatures.configure')
    router
      .post('/contracts/:id/signatures/start', [ContractSignaturesController, 'start'])
      .as('contracts.signatures.start')
    router
      .post('/contracts/:id/signatures/reminders', [ContractSignaturesController, 'remind'])
      .as('contracts.signatures.reminders')
  })
  .prefix('/api/v1')
  .use([
    middleware.auth(),
    middleware.company(),
    middleware.role(),
    middleware.pathIds({ names: ['id', 'docId', 'fileId', 'contractItemId', 'commentId'] }),
  ])
