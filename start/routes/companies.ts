import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const CompaniesController = () => import('#controllers/companies_controller')
const CompanyMembersController = () => import('#controllers/company_members_controller')

router
  .group(() => {
    router.get('/company', [CompaniesController, 'index']).as('company.index')

    router
      .get('/company/members', [CompanyMembersController, 'index'])
      .as('company.members.index')
      .gate('company.members.view')
      .use([middleware.company(), middleware.role()])
    router
      .put('/company/:id', [CompaniesController, 'update'])
      .as('company.update')
      .gate('company.settings.manage')
      .use([middleware.company(), middleware.role(), middleware.pathIds({ names: ['id'] })])
    router
      .post('/company/:id/logo', [CompaniesController, 'storeLogo'])
      .as('company.logo.store')
      .gate('company.settings.manage')
      .use([middleware.company(), middleware.role(), middleware.pathIds({ names: ['id'] })])
    router
      .delete('/company/:id/logo', [CompaniesController, 'destroyLogo'])
      .as('company.logo.destroy')
      .gate('company.settings.manage')
      .use([middleware.company(), middleware.role(), middleware.pathIds({ names: ['id'] })])
    router
      .post('/company/members', [CompanyMembersController, 'store'])
      .as('company.members.store')
      .gate('company.members.manage')
      .use([middleware.company(), middleware.role()])
    router
      .patch('/company/members/:userId', [CompanyMembersController, 'update'])
      .as('company.members.update')
      .gate('company.members.manage')
      .use([middleware.company(), middleware.role(), middleware.pathIds({ names: ['userId'] })])
    router
      .delete('/company/members/:userId', [CompanyMembersController, 'destroy'])
      .as('company.members.destroy')
      .gate('company.members.manage')
      .use([middleware.company(), middleware.role(), middleware.pathIds({ names: ['userId'] })])
  })
  .prefix('/api/v1')
  .use(middleware.auth())
