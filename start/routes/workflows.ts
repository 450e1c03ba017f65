import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const WorkflowsController = () => import('#controllers/workflows_controller')
const TemplatesController = () => import('#controllers/templates_controller')

/** Contract workflows and templates (borrower side of the context company; ROUTE_GATES) */
router
  .group(() => {
    /** PUT only for update: a resource also routes PATCH, which the API does not document */
    router.resource('workflows', WorkflowsController).apiOnly().except(['update']).as('workflows')
    router.put('/workflows/:id', [WorkflowsController, 'update']).as('workflows.update')
    router.resource('templates', TemplatesController).apiOnly().except(['update']).as('templates')
    router.put('/templates/:id', [TemplatesController, 'update']).as('templates.update')
  })
  .prefix('/api/v1')
  .use([
    middleware.auth(),
    middleware.company(),
    middleware.role(),
    middleware.pathIds({ names: ['id'] }),
  ])
