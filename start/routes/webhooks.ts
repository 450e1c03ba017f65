import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const WebhooksController = () => import('#controllers/webhooks_controller')

/** Outbound webhooks of the context company (#16; owner and admin: ROUTE_GATES) */
router
  .group(() => {
    /** Before /webhooks/:id, which would otherwise take `events` for an id */
    router.get('/webhooks/events', [WebhooksController, 'events']).as('webhooks.events')
    router.get('/webhooks', [WebhooksController, 'index']).as('webhooks.index')
    router.post('/webhooks', [WebhooksController, 'store']).as('webhooks.store')
    router.get('/webhooks/:id', [WebhooksController, 'show']).as('webhooks.show')
    router.patch('/webhooks/:id', [WebhooksController, 'update']).as('webhooks.update')
    router.delete('/webhooks/:id', [WebhooksController, 'destroy']).as('webhooks.destroy')
    router
      .post('/webhooks/:id/rotate-secret', [WebhooksController, 'rotateSecret'])
      .as('webhooks.rotate_secret')
    router.post('/webhooks/:id/test', [WebhooksController, 'test']).as('webhooks.test')
    router
      .get('/webhooks/:id/deliveries', [WebhooksController, 'deliveries'])
      .as('webhooks.deliveries')
    router
      .post('/webhooks/:id/deliveries/:deliveryId/redeliver', [WebhooksController, 'redeliver'])
      .as('webhooks.redeliver')
  })
  .prefix('/api/v1')
  .use([
    middleware.auth(),
    middleware.company(),
    middleware.role(),
    middleware.pathIds({ names: ['id', 'deliveryId'] }),
  ])
