import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const LiveNotificationsController = () => import('#controllers/live_notifications_controller')

/**
 * The transmit client's routes under the API prefix: the client's
 * baseUrl is `<host>/api/v1` and it appends `/__transmit/...`. The stream
 * itself needs no token (EventSource sends none); subscribing does.
 */
router
  .group(() => {
    router.get('/__transmit/events', [LiveNotificationsController, 'events']).as('live.events')
    router
      .group(() => {
        router
          .post('/__transmit/subscribe', [LiveNotificationsController, 'subscribe'])
          .as('live.subscribe')
        router
          .post('/__transmit/unsubscribe', [LiveNotificationsController, 'unsubscribe'])
          .as('live.unsubscribe')
      })
      .use(middleware.auth())
  })
  .prefix('/api/v1')
