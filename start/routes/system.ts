import router from '@adonisjs/core/services/router'

const HealthController = () => import('#controllers/health_controller')
const ApiDocsController = () => import('#controllers/api_docs_controller')

router
  .group(() => {
    router.get('/health', [HealthController, 'show']).as('health')
    router.get('/openapi.json', [ApiDocsController, 'document']).as('openapi')
    router.get('/docs', [ApiDocsController, 'page']).as('docs')
    router.get('/docs/assets/:file', [ApiDocsController, 'asset']).as('docs.asset')
  })
  .prefix('/api/v1')
