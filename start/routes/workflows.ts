import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const WorkflowsController = () => import('#controllers/workflows_controller')
const TemplatesController = () => import('#controllers/templates_controller')

/** Contract workflows and templates (borrower side of the context company) */
router
  .group(() => {
    /** PUT only for update: a resource also routes PATCH, which the API does not document */
    router
      .resource('workflows', WorkflowsController)
      .apiOnly()
      .except(['update'])
      .as('workflows')
      .tap(['index', 'show'], (route) => route.gate('contracts.view'))
      .tap(['store', 'destroy'], (route) => route.gate('contracts.manage'))
    router
      .put('/workflows/:id', [WorkflowsController, 'update'])
      .as('workflows.update')
      .gate('contracts.manage')
    router
      .resource('templates', TemplatesController)
      .apiOnly()
      .except(['update'])
      .as('templates')
      .tap(['index', 'show'], (route) => route.gate('contracts.view'))
      .tap(['store', 'destroy'], (route) => route.gate('contracts.manage'))
    router
      .put('/templates/:id', [TemplatesController, 'update'])
      .as('templates.update')
      .gate('contracts.manage')
  })
  .prefix('/api/v1')
  .use([
    middleware.auth(),
    middleware.company(),
    middleware.role(),
    middleware.pathIds({ names: ['id'] }),
  ])
