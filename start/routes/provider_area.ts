import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const ProviderAreaController = () => import('#controllers/provider_area_controller')

/** Each action reads the provider's identities: with the session (GateOptions) */
const READS_IDENTITIES = { providerIdentities: true }

/** Provider area (B1, B5-B7, B10): role provider, x-company-id = the borrower */
router
  .group(() => {
    router
      .get('/provider/active-contract/summary', [ProviderAreaController, 'activeContract'])
      .as('provider.active_contract')
      .gate('provider.contracts.view', READS_IDENTITIES)
    router
      .get('/hours', [ProviderAreaController, 'hours'])
      .as('hours.index')
      .gate('provider.hours.log', READS_IDENTITIES)
    router
      .get('/hours/current', [ProviderAreaController, 'currentHours'])
      .as('hours.current')
      .gate('provider.hours.log', READS_IDENTITIES)
    router
      .get('/hours/:id', [ProviderAreaController, 'hoursPeriod'])
      .as('hours.show')
      .gate('provider.hours.log', READS_IDENTITIES)
    router
      .get('/summary', [ProviderAreaController, 'summary'])
      .as('provider.summary')
      .gate('provider.contracts.view', READS_IDENTITIES)
  })
  .prefix('/api/v1')
  .use([middleware.auth(), middleware.company(), middleware.role()])
