import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const ProviderAreaController = () => import('#controllers/provider_area_controller')

/** Provider area (B1, B5-B7, B10): role provider, x-company-id = the borrower */
router
  .group(() => {
    router
      .get('/provider/active-contract/summary', [ProviderAreaController, 'activeContract'])
      .as('provider.active_contract')
    router.get('/hours', [ProviderAreaController, 'hours']).as('hours.index')
    router.get('/hours/current', [ProviderAreaController, 'currentHours']).as('hours.current')
    router.get('/hours/:id', [ProviderAreaController, 'hoursPeriod']).as('hours.show')
    router.get('/summary', [ProviderAreaController, 'summary']).as('provider.summary')
  })
  .prefix('/api/v1')
  .use([middleware.auth(), middleware.company(), middleware.role()])
