import router from '@adonisjs/core/services/router'
import { appVersionsThrottle } from '#start/limiter'

const AppVersionsController = () => import('#controllers/app_versions_controller')

/** Public: no token, no x-company-id (spec K) */
router
  .get('/api/v1/app/versions', [AppVersionsController, 'check'])
  .as('app.versions.check')
  .use(appVersionsThrottle)
