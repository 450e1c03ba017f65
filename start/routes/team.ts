import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const TeamMembersController = () => import('#controllers/team_members_controller')
const TeamLinksController = () => import('#controllers/team_links_controller')
const ClientsController = () => import('#controllers/clients_controller')
const InvitationsController = () => import('#controllers/invitations_controller')

/** Team (E1-E6) and its provider-side mirror, borrower context from x-company-id */
router
  .group(() => {
    router.get('/team', [TeamMembersController, 'index']).as('team.index').gate('team.view')
    router.post('/team', [TeamMembersController, 'store']).as('team.store').gate('team.manage')
    router
      .patch('/team/:contractPartId/active', [TeamLinksController, 'updateActive'])
      .as('team.active')
      .gate('team.manage')
    router.get('/team/:id', [TeamMembersController, 'show']).as('team.show').gate('team.view')
    router.put('/team/:id', [TeamMembersController, 'update']).as('team.update').gate('team.manage')
    router
      .delete('/team/:id', [TeamMembersController, 'destroy'])
      .as('team.destroy')
      .gate('team.manage')
    router.get('/clients', [ClientsController, 'index']).as('clients.index').gate('clients.view')
  })
  .prefix('/api/v1')
  .use([
    middleware.auth(),
    middleware.company(),
    middleware.role(),
    middleware.pathIds({ names: ['id', 'contractPartId'] }),
  ])

/** Public: the invited legal representative sets a password */
router
  .post('/api/v1/auth/invitations/accept', [InvitationsController, 'accept'])
  .as('auth.invitations.accept')
