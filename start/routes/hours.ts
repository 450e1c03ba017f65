import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const ProvidersController = () => import('#controllers/providers_controller')
const WorkEntriesController = () => import('#controllers/work_entries_controller')
const RetroactiveRequestsController = () => import('#controllers/retroactive_requests_controller')

/**
 * Providers list (F) and hours monitoring (G, B8, B9). The role gate
 * (ROUTE_GATES): providers write their own entries and requests, the
 * borrower side reads, and owner, admin or borrower approve or decline.
 */
router
  .group(() => {
    router.get('/providers', [ProvidersController, 'index']).as('providers.index')

    router
      .group(() => {
        router.post('/entries', [WorkEntriesController, 'store']).as('entries.store')
        router.get('/entries/:id', [WorkEntriesController, 'show']).as('entries.show')
        router.put('/entries/:id', [WorkEntriesController, 'update']).as('entries.update')
        router.delete('/entries/:id', [WorkEntriesController, 'destroy']).as('entries.destroy')

        router
          .get('/retroactive-requests', [RetroactiveRequestsController, 'index'])
          .as('retroactive.index')
        router
          .post('/retroactive-requests', [RetroactiveRequestsController, 'store'])
          .as('retroactive.store')
        router
          .post('/retroactive-requests/:id/approve', [RetroactiveRequestsController, 'approve'])
          .as('retroactive.approve')
        router
          .post('/retroactive-requests/:id/decline', [RetroactiveRequestsController, 'decline'])
          .as('retroactive.decline')

        router.get('/:id/entries', [WorkEntriesController, 'index']).as('provider.entries')
        router.get('/:id', [WorkEntriesController, 'summary']).as('provider.summary')
      })
      .prefix('/monitoring')
      .as('monitoring')
  })
  .prefix('/api/v1')
  .use([
    middleware.auth(),
    middleware.company(),
    middleware.role(),
    middleware.pathIds({ names: ['id'] }),
  ])
