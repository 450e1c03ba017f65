import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const ProvidersController = () => import('#controllers/providers_controller')
const WorkEntriesController = () => import('#controllers/work_entries_controller')
const RetroactiveRequestsController = () => import('#controllers/retroactive_requests_controller')

/**
 * Providers list (F) and hours monitoring (G, B8, B9). By the gates:
 * providers write their own entries and requests, the borrower side reads,
 * and owner, admin or borrower approve or decline.
 */
router
  .group(() => {
    router.get('/providers', [ProvidersController, 'index']).as('providers.index').gate('team.view')

    router
      .group(() => {
        router
          .post('/entries', [WorkEntriesController, 'store'])
          .as('entries.store')
          .gate('provider.hours.log', { providerIdentities: true })
        router
          .get('/entries/:id', [WorkEntriesController, 'show'])
          .as('entries.show')
          .gate(['hours.view', 'provider.hours.log'])
        router
          .put('/entries/:id', [WorkEntriesController, 'update'])
          .as('entries.update')
          .gate('provider.hours.log')
        router
          .delete('/entries/:id', [WorkEntriesController, 'destroy'])
          .as('entries.destroy')
          .gate('provider.hours.log')

        router
          .get('/retroactive-requests', [RetroactiveRequestsController, 'index'])
          .as('retroactive.index')
          .gate(['hours.view', 'provider.hours.log'])
        router
          .post('/retroactive-requests', [RetroactiveRequestsController, 'store'])
          .as('retroactive.store')
          .gate('provider.hours.log', { providerIdentities: true })
        router
          .post('/retroactive-requests/:id/approve', [RetroactiveRequestsController, 'approve'])
          .as('retroactive.approve')
          .gate('hours.review')
        router
          .post('/retroactive-requests/:id/decline', [RetroactiveRequestsController, 'decline'])
          .as('retroactive.decline')
          .gate('hours.review')

        router
          .get('/:id/entries', [WorkEntriesController, 'index'])
          .as('provider.entries')
          .gate(['hours.view', 'provider.hours.log'])
        router
          .get('/:id', [WorkEntriesController, 'summary'])
          .as('provider.summary')
          .gate(['hours.view', 'provider.hours.log'])
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
