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
        router
          .get('/', [ComplianceFlowsController, 'index'])
          .as('index')
          .gate('compliance_flows.view')
        router
          .post('/', [ComplianceFlowsController, 'store'])
          .as('store')
          .gate('compliance_flows.manage')
        router
          .get('/:id', [ComplianceFlowsController, 'show'])
          .as('show')
          .gate('compliance_flows.view')
        router
          .put('/:id', [ComplianceFlowsController, 'update'])
          .as('update')
          .gate('compliance_flows.manage')
        router
          .delete('/:id', [ComplianceFlowsController, 'destroy'])
          .as('destroy')
          .gate('compliance_flows.manage')
        router
          .get('/:id/providers', [ComplianceFlowsController, 'providers'])
          .as('providers.index')
          .gate('compliance_flows.view')
        router
          .post('/:id/providers', [ComplianceFlowsController, 'attachProviders'])
          .as('providers.attach')
          .gate('compliance_flows.manage')
        router
          .delete('/:flowId/providers/:providerId', [ComplianceFlowsController, 'detachProvider'])
          .as('providers.detach')
          .gate('compliance_flows.manage')
        router
          .get('/:id/available-providers', [ComplianceFlowsController, 'availableProviders'])
          .as('providers.available')
          .gate('compliance_flows.view')
      })
      .prefix('/compliance-flows')
      .as('compliance_flows')

    router
      .get('/compliances', [CompliancesController, 'index'])
      .as('compliances.index')
      .gate('compliance_flows.view')
    router
      .get('/compliances/:id', [CompliancesController, 'show'])
      .as('compliances.show')
      .gate('compliance_flows.view')

    router
      .post('/providers/compliance-flows', [ProviderComplianceFlowsController, 'store'])
      .as('providers.compliance_flows.store')
      .gate('compliance_flows.manage')

    router
      .group(() => {
        router
          .post('/compliance-flows', [ProviderComplianceFlowsController, 'store'])
          .as('store')
          .gate('compliance_flows.manage')
        router
          .get('/:providerId/compliance-flows', [ProviderComplianceFlowsController, 'index'])
          .as('index')
          .gate('compliance_flows.view')
        router
          .post('/:providerId/compliance-flows', [ProviderComplianceFlowsController, 'attach'])
          .as('attach')
          .gate('compliance_flows.manage')
        router
          .put('/:providerId/compliance-flows/:flowId', [
            ProviderComplianceFlowsController,
            'update',
          ])
          .as('update')
          .gate('compliance_flows.manage')
        router
          .delete('/:providerId/compliance-flows/:flowId', [
            ProviderComplianceFlowsController,
            'destroy',
          ])
          .as('destroy')
          .gate('compliance_flows.manage')
        router
          .get('/:providerId/compliances', [TeamCompliancesController, 'index'])
          .as('compliances.index')
          .gate('compliance_flows.view')
        router
          .patch('/:providerId/compliances/:complianceId/steps/:stepId/review', [
            TeamCompliancesController,
            'review',
          ])
          .as('compliances.review')
          .gate('compliance.review')
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
    router
      .get('/', [ProviderCompliancesController, 'index'])
      .as('index')
      .gate('provider.compliance.submit')
    router
      .get('/current', [ProviderCompliancesController, 'current'])
      .as('current')
      .gate('provider.compliance.submit')
    router
      .get('/:id', [ProviderCompliancesController, 'show'])
      .as('show')
      .gate('provider.compliance.submit')
    router
      .post('/:complianceId/steps/:stepId/documents', [ProviderCompliancesController, 'upload'])
      .as('documents.store')
      .gate('provider.compliance.submit')
    router
      .post('/:complianceId/steps/:stepId/submit', [ProviderCompliancesController, 'submit'])
      .as('steps.submit')
      .gate('provider.compliance.submit')
    router
      .post('/:complianceId/steps/:stepId/grant', [ProviderCompliancesController, 'grant'])
      .as('steps.grant')
      .gate('provider.compliance.submit')
  })
  .prefix('/api/v1/provider-compliances')
  .as('provider_compliances')
  .use([
    middleware.auth(),
    middleware.company(),
    middleware.role(),
    middleware.pathIds({ names: ['id', 'complianceId', 'stepId'] }),
  ])
