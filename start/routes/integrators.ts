import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const ApiKeysController = () => import('#controllers/api_keys_controller')
const AuditLogController = () => import('#controllers/audit_log_controller')

/**
 * Integrators: the company's API keys (owner and admin, never reached with
 * a key: permissions.ts) and its audit log.
 */
router
  .group(() => {
    router.get('/api-keys', [ApiKeysController, 'index']).as('api_keys.index')
    router.post('/api-keys', [ApiKeysController, 'store']).as('api_keys.store')
    router.post('/api-keys/:id/rotate', [ApiKeysController, 'rotate']).as('api_keys.rotate')
    router.delete('/api-keys/:id', [ApiKeysController, 'destroy']).as('api_keys.destroy')
    router.get('/audit-log', [AuditLogController, 'index']).as('audit_log.index')
  })
  .prefix('/api/v1')
  .use([
    middleware.auth(),
    middleware.company(),
    middleware.role(),
    middleware.pathIds({ names: ['id'] }),
  ])
