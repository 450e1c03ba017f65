import router from '@adonisjs/core/services/router'

const OperationsController = () => import('#controllers/operations_controller')

/** Liveness and Prometheus metrics, beside the readiness check GET /health (system.ts) */
router
  .group(() => {
    router.get('/health/live', [OperationsController, 'live']).as('health.live')
    router.get('/metrics', [OperationsController, 'metrics']).as('metrics')
  })
  .prefix('/api/v1')
