import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const ApiKeysController = () => import('#controllers/api_keys_controller')
const AuditLogController = () => import('#controllers/audit_log_controller')

/**
 * Integrators: the company's API keys (owner and admin, people only: never
 * reached with a key) and its audit log.
 */
router
  .group(() => {
    router
      .get('/api-keys', [ApiKeysController, 'index'])
      .as('api_keys.index')
      .gate('company.settings.manage', { peopleOnly: true })
    router
      .post('/api-keys', [ApiKeysController, 'store'])
      .as('api_keys.store')
      .gate('company.settings.manage', { peopleOnly: true })
    router
      .post('/api-keys/:id/rotate', [ApiKeysController, 'rotate'])
      .as('api_keys.rotate')
      .gate('company.settings.manage', { peopleOnly: true })
    router
      .delete('/api-keys/:id', [ApiKeysController, 'destroy'])
      .as('api_keys.destroy')
      .gate('company.settings.manage', { peopleOnly: true })
    router
      .get('/audit-log', [AuditLogController, 'index'])
      .as('audit_log.index')
      .gate('company.settings.manage')
  })
  .prefix('/api/v1')
  .use([
    middleware.auth(),
    middleware.company(),
    middleware.role(),
    middleware.pathIds({ names: ['id'] }),
  ])
