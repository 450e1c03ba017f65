import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'
import { uuidV4Matcher } from '#support/uuid'

const WorkflowsController = () => import('#controllers/workflows_controller')
const TemplatesController = () => import('#controllers/templates_controller')

/** Contract workflows and templates (borrower side of the context company) */
router
  .group(() => {
    router.resource('workflows', WorkflowsController).apiOnly().as('workflows')
    router.resource('templates', TemplatesController).apiOnly().as('templates')
  })
  .prefix('/api/v1')
  .where('id', uuidV4Matcher)
  .use([middleware.auth(), middleware.company(), middleware.role({ ability: 'borrowerSide' })])
