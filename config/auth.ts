import { defineConfig } from '@adonisjs/auth'
import type { InferAuthenticators } from '@adonisjs/auth/types'
import { JwtGuard } from '#auth/jwt_guard'

const authConfig = defineConfig({
  default: 'jwt',
  guards: {
    jwt: (ctx) => new JwtGuard(ctx),
  },
})

export default authConfig

declare module '@adonisjs/auth/types' {
  export interface Authenticators extends InferAuthenticators<typeof authConfig> {}
}
