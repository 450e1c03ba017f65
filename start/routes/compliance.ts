import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const ComplianceFlowsController = () => import('#controllers/compliance_flows_controller')
const ProviderComplianceFlowsController = () =>
  import('#controllers/provider_compliance_flows_controller')
const ProviderCompliancesController = () => import('#controllers/provider_compliances_controller')
const TeamCompliancesController = () => import('#controllers/team_compliances_controller')
const CompliancesController = () => import('#controllers/compliances_controller')

/** D, E7-E13: borrower side of the context company (x-company-id is required) */
router
  .group(() => {
    router
      .group(() => {
        router.get('/', [ComplianceFlowsController, 'index']).as('index')
        router.post('/', [ComplianceFlowsController, 'store']).as('store')
        router.get('/:id', [ComplianceFlowsController, 'show']).as('show')
        router.put('/:id', [ComplianceFlowsController, 'update']).as('update')
        router.delete('/:id', [ComplianceFlowsController, 'destroy']).as('destroy')
        router.get('/:id/providers', [ComplianceFlowsController, 'providers']).as('providers.index')
        router
          .post('/:id/providers', [ComplianceFlowsController, 'attachProviders'])
          .as('providers.attach')
        router
          .delete('/:flowId/providers/:providerId', [ComplianceFlowsController, 'detachProvider'])
          .as('providers.detach')
        router
          .get('/:id/available-providers', [ComplianceFlowsController, 'availableProviders'])
          .as('providers.available')
      })
      .prefix('/compliance-flows')
      .as('compliance_flows')

    router.get('/compliances', [CompliancesController, 'index']).as('compliances.index')
    router.get('/compliances/:id', [CompliancesController, 'show']).as('compliances.show')

    router
      .post('/providers/compliance-flows', [ProviderComplianceFlowsController, 'store'])
      .as('providers.compliance_flows.store')

    router
      .group(() => {
        router.post('/compliance-flows', [ProviderComplianceFlowsController, 'store']).as('store')
        router
          .get('/:providerId/compliance-flows', [ProviderComplianceFlowsController, 'index'])
          .as('index')
        router
          .post('/:providerId/compliance-flows', [ProviderComplianceFlowsController, 'attach'])
          .as('attach')
        router
          .put('/:providerId/compliance-flows/:flowId', [
            ProviderComplianceFlowsController,
            'update',
          ])
          .as('update')
        router
          .delete('/:providerId/compliance-flows/:flowId', [
            ProviderComplianceFlowsController,
            'destroy',
          ])
          .as('destroy')
        router
          .get('/:providerId/compliances', [TeamCompliancesController, 'index'])
          .as('compliances.index')
        router
          .patch('/:providerId/compliances/:complianceId/steps/:stepId/review', [
            TeamCompliancesController,
            'review',
          ])
          .as('compliances.review')
      })
      .prefix('/team')
      .as('team.compliance_flows')
  })
  .prefix('/api/v1')
  .use([
    middleware.auth(),
    middleware.company(),
    middleware.role(),
    middleware.pathIds({ names: ['id', 'flowId', 'providerId', 'complianceId', 'stepId'] }),
  ])

/** C: the authenticated provider's own compliances in the context (borrower) company */
router
  .group(() => {
    router.get('/', [ProviderCompliancesController, 'index']).as('index')
    router.get('/current', [ProviderCompliancesController, 'current']).as('current')
    router.get('/:id', [ProviderCompliancesController, 'show']).as('show')
    router
      .post('/:complianceId/steps/:stepId/documents', [ProviderCompliancesController, 'upload'])
      .as('documents.store')
    router
      .post('/:complianceId/steps/:stepId/submit', [ProviderCompliancesController, 'submit'])
      .as('steps.submit')
    router
      .post('/:complianceId/steps/:stepId/grant', [ProviderCompliancesController, 'grant'])
      .as('steps.grant')
  })
  .prefix('/api/v1/provider-compliances')
  .as('provider_compliances')
  .use([
    middleware.auth(),
    middleware.company(),
    middleware.role(),
    middleware.pathIds({ names: ['id', 'complianceId', 'stepId'] }),
  ])
