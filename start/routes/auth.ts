import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'
import { registerThrottle } from '#start/limiter'

const AuthController = () => import('#controllers/auth_controller')

router
  .group(() => {
    router.post('/register', [AuthController, 'register']).as('register').use(registerThrottle)
    router.post('/login', [AuthController, 'login']).as('login')
    router.post('/refresh', [AuthController, 'refresh']).as('refresh')
    router.post('/logout', [AuthController, 'logout']).as('logout').use(middleware.auth())
  })
  .prefix('/api/v1/auth')
  .as('auth')
