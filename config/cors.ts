import app from '@adonisjs/core/services/app'
import { defineConfig } from '@adonisjs/cors'
import env from '#start/env'

/**
 * Local front-ends (a Next.js and a Vite dev server) may call the API
 * outside production without any setting; production allows no browser
 * origin until CORS_ORIGINS lists them.
 */
const DEVELOPMENT_ORIGINS = ['http://localhost:3000', 'http://localhost:5173']

/**
 * Only the listed origins get CORS headers (an exact, case-sensitive match
 * in @adonisjs/cors): never a reflected origin, never `null`. The answer
 * therefore depends on Origin, and the security headers middleware adds
 * `Vary: Origin`, which @adonisjs/cors does not.
 */
const corsConfig = defineConfig({
  enabled: true,
  origin: env.get('CORS_ORIGINS') ?? (app.inProduction ? [] : DEVELOPMENT_ORIGINS),
  methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
  headers: true,
  exposeHeaders: ['retry-after', 'x-request-id', 'etag'],
  credentials: true,
  maxAge: 90,
})

export default corsConfig
