import { indexEntities } from '@adonisjs/core'
import { defineConfig } from '@adonisjs/core/app'
import { indexPolicies } from '@adonisjs/bouncer'

export default defineConfig({
  /**
   * Code generation at start (.adonisjs/server: the controllers and
   * listeners barrels, the policies list for Bouncer). Not the events
   * barrel: the app's events are typed names in start/events.ts
   * (EventsList), not event classes.
   */
  hooks: {
    init: [indexEntities({ events: { enabled: false } }), indexPolicies()],
  },

  /*
  |--------------------------------------------------------------------------
  | Ace commands (first-party packages and the project's own commands/)
  |--------------------------------------------------------------------------
  */
  commands: [
    () => import('@adonisjs/core/commands'),
    () => import('@adonisjs/lucid/commands'),
    () => import('@adonisjs/mail/commands'),
    () => import('@adonisjs/bouncer/commands'),
  ],

  providers: [
    () => import('@adonisjs/core/providers/app_provider'),
    () => import('@adonisjs/core/providers/hash_provider'),
    {
      file: () => import('@adonisjs/core/providers/repl_provider'),
      environment: ['repl', 'test'],
    },
    () => import('@adonisjs/core/providers/vinejs_provider'),
    () => import('@adonisjs/lucid/database_provider'),
    () => import('@adonisjs/auth/auth_provider'),
    () => import('@adonisjs/drive/drive_provider'),
    () => import('@adonisjs/mail/mail_provider'),
    () => import('@adonisjs/bouncer/bouncer_provider'),
    () => import('@adonisjs/limiter/limiter_provider'),
    () => import('@adonisjs/cors/cors_provider'),
    () => import('@adonisjs/transmit/transmit_provider'),
    () => import('@adonisjs/i18n/i18n_provider'),
  ],

  preloads: [
    () => import('#start/lucid'),
    () => import('#start/audit'),
    () => import('#start/routes'),
    () => import('#start/kernel'),
    () => import('#start/validator'),
    () => import('#start/events'),
    { file: () => import('#start/transmit'), environment: ['web', 'test'] },
  ],

  tests: {
    suites: [
      {
        files: ['tests/unit/**/*.spec.{ts,js}'],
        name: 'unit',
        timeout: 10000,
      },
      {
        files: ['tests/functional/**/*.spec.{ts,js}'],
        name: 'functional',
        timeout: 30000,
      },
    ],
    forceExit: true,
  },

  metaFiles: [
    { pattern: 'resources/views/**/*.edge', reloadServer: false },
    { pattern: 'docs/openapi/**/*.yaml', reloadServer: false },
    /** Read at run time by `node ace db:seed` in build/ (the app versions example) */
    { pattern: 'database/data/**/*.json', reloadServer: false },
    { pattern: 'resources/lang/**/*.{json,yaml,yml}', reloadServer: false },
  ],
})
