import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'
import { passwordResetThrottle, registerThrottle } from '#start/limiter'

const AuthController = () => import('#controllers/auth_controller')
const PasswordResetsController = () => import('#controllers/password_resets_controller')

router
  .group(() => {
    router.post('/register', [AuthController, 'register']).as('register').use(registerThrottle)
    router.post('/login', [AuthController, 'login']).as('login')
    router.post('/refresh', [AuthController, 'refresh']).as('refresh')
    router
      .post('/password/forgot', [PasswordResetsController, 'forgot'])
      .as('password.forgot')
      .use(passwordResetThrottle)
    router.post('/password/reset', [PasswordResetsController, 'reset']).as('password.reset')
    router.post('/logout', [AuthController, 'logout']).as('logout').use(middleware.auth())
  })
  .prefix('/api/v1/auth')
  .as('auth')
