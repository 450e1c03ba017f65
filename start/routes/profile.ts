import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'
import { MEMBER } from '#support/permissions'

const ProfileController = () => import('#controllers/profile_controller')
const ProfilePasswordsController = () => import('#controllers/profile_passwords_controller')
const ProfileIdentitiesController = () => import('#controllers/profile_identities_controller')
const ProfileSessionsController = () => import('#controllers/profile_sessions_controller')
const DataExportsController = () => import('#controllers/data_exports_controller')
const OnboardingChecksController = () => import('#controllers/onboarding_checks_controller')

/** J. Profile: the authenticated user's own account */
router
  .group(() => {
    router
      .get('/users/me', [ProfileController, 'show'])
      .as('users.me.show')
      .gate(MEMBER)
      .use([middleware.company({ optional: true }), middleware.role()])
    router.put('/users/me', [ProfileController, 'update']).as('users.me.update')
    router.delete('/users/me/delete', [ProfileController, 'destroy']).as('users.me.destroy')

    router
      .put('/users/me/password', [ProfilePasswordsController, 'update'])
      .as('users.me.password.update')
    router
      .post('/users/me/register-password', [ProfilePasswordsController, 'store'])
      .as('users.me.password.store')
    router
      .post('/users/me/connect-provider', [ProfileIdentitiesController, 'store'])
      .as('users.me.identities.store')

    router
      .delete('/users/me/sessions/:id', [ProfileSessionsController, 'destroy'])
      .as('users.me.sessions.destroy')
      .use(middleware.pathIds({ names: ['id'] }))

    router
      .post('/users/me/data-export', [DataExportsController, 'store'])
      .as('users.me.data_exports.store')
    router
      .get('/users/me/data-exports/:id', [DataExportsController, 'show'])
      .as('users.me.data_exports.show')
      .use(middleware.pathIds({ names: ['id'] }))

    router
      .get('/user/onboarding/check', [OnboardingChecksController, 'user'])
      .as('user.onboarding.check')
    router
      .get('/company/onboarding/check', [OnboardingChecksController, 'company'])
      .as('company.onboarding.check')
      .gate(MEMBER)
      .use([middleware.company(), middleware.role()])
  })
  .prefix('/api/v1')
  .use(middleware.auth())
