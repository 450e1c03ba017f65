import env from '#start/env'
import { defineConfig, drivers } from '@adonisjs/core/encryption'

/**
 * APP_KEY encrypts cookies and signs the URLs of private files
 * (request.hasValidSignature); it must stay secret and be the same on every
 * instance. The `legacy` driver keeps the v6 format, so URLs and cookies
 * signed before the move to v7 stay valid.
 */
export default defineConfig({
  default: 'legacy',
  list: {
    legacy: drivers.legacy({
      keys: [env.get('APP_KEY')],
    }),
  },
})
