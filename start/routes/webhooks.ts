import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const WebhooksController = () => import('#controllers/webhooks_controller')

/** Outbound webhooks of the context company (owner and admin) */
router
  .group(() => {
    /** Before /webhooks/:id, which would otherwise take `events` for an id */
    router
      .get('/webhooks/events', [WebhooksController, 'events'])
      .as('webhooks.events')
      .gate('company.settings.manage')
    router
      .get('/webhooks', [WebhooksController, 'index'])
      .as('webhooks.index')
      .gate('company.settings.manage')
    router
      .post('/webhooks', [WebhooksController, 'store'])
      .as('webhooks.store')
      .gate('company.settings.manage')
    router
      .get('/webhooks/:id', [WebhooksController, 'show'])
      .as('webhooks.show')
      .gate('company.settings.manage')
    router
      .patch('/webhooks/:id', [WebhooksController, 'update'])
      .as('webhooks.update')
      .gate('company.settings.manage')
    router
      .delete('/webhooks/:id', [WebhooksController, 'destroy'])
      .as('webhooks.destroy')
      .gate('company.settings.manage')
    router
      .post('/webhooks/:id/rotate-secret', [WebhooksController, 'rotateSecret'])
      .as('webhooks.rotate_secret')
      .gate('company.settings.manage')
    router
      .post('/webhooks/:id/test', [WebhooksController, 'test'])
      .as('webhooks.test')
      .gate('company.settings.manage')
    router
      .get('/webhooks/:id/deliveries', [WebhooksController, 'deliveries'])
      .as('webhooks.deliveries')
      .gate('company.settings.manage')
    router
      .post('/webhooks/:id/deliveries/:deliveryId/redeliver', [WebhooksController, 'redeliver'])
      .as('webhooks.redeliver')
      .gate('company.settings.manage')
  })
  .prefix('/api/v1')
  .use([
    middleware.auth(),
    middleware.company(),
    middleware.role(),
    middleware.pathIds({ names: ['id', 'deliveryId'] }),
  ])
