import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { defineConfig } from '@adonisjs/lucid'
import { defaultPoolMax } from '#support/database_pool'

/**
 * The server and credentials, shared by both connections. Without DB_HOST
 * the embedded development server is used (started by `npm run dev` on
 * port 54329); tests and the bench start their own cluster and fill the
 * DB_* variables before the app boots.
 */
const server = {
  host: env.get('DB_HOST', '127.0.0.1'),
  port: env.get('DB_PORT', 54329),
  user: env.get('DB_USER', 'postgres'),
  password: env.get('DB_PASSWORD', 'postgres'),
  database: env.get('DB_DATABASE', 'contracts_dev'),
  ssl: env.get('DB_SSL', false) ? { rejectUnauthorized: false } : undefined,
}
/** node-postgres option (not in Lucid's type): names the process in pg_stat_activity */
const applicationName = env.get('DB_APPLICATION_NAME', 'contract-management')
/** Connections of each pool (main, generic plans): defaultPoolMax unless DB_POOL_MAX says */
const poolMax = env.get('DB_POOL_MAX') ?? defaultPoolMax()

/**
 * Settings sent when a session starts (node-postgres `options`). A request's
 * statement never launches parallel workers: a plan that wanted them for a
 * search without trigrams ("57") launched two even for a branch its one-time
 * filter left unread, 5.8 ms of a 15 ms statement (docs/reports/bench.md,
 * session 17). Ace commands (the sweeps, the worker, reports) keep them.
 */
const sessionSettings =
  app.getEnvironment() === 'console' ? [] : ['-c max_parallel_workers_per_gather=0']
const sessionOptions = (settings: string[]) =>
  settings.length ? { options: settings.join(' ') } : {}

/**
 * The connection whose sessions run every statement on its generic plan
 * (`plan_cache_mode`, set at connection start): the lists' statements
 * (asPreparedStatement, StatementPlan `generic`) run there, without a SET
 * and a RESET around each run. Only those: a parameterised statement sent
 * unnamed is planned generically there too.
 */
export const GENERIC_PLANS_CONNECTION = 'generic_plans'

const dbConfig = defineConfig({
  connection: 'postgres',
  prettyPrintDebugQueries: !app.inProduction,
  connections: {
    postgres: {
      client: 'pg',
      connection: {
        ...server,
        ...({ application_name: applicationName, ...sessionOptions(sessionSettings) } as object),
      },
      pool: { min: 0, max: poolMax },
      migrations: {
        naturalSort: true,
        paths: ['database/migrations'],
      },
      /**
       * `migration:run` writes database/schema.ts (one class per table) from
       * the migrated database; database/schema_rules.ts types its unions and
       * JSON shapes. The models extend these classes (docs/decisions.md)
       */
      schemaGeneration: {
        enabled: true,
        outputPath: 'database/schema.ts',
        rulesPaths: ['./database/schema_rules.js'],
      },
      seeders: {
        paths: ['database/seeders/main'],
      },
    },
    [GENERIC_PLANS_CONNECTION]: {
      client: 'pg',
      /** node-postgres `options` (not in Lucid's type): settings sent when the session starts */
      connection: {
        ...server,
        ...({
          application_name: `${applicationName}:generic-plans`,
          ...sessionOptions(['-c plan_cache_mode=force_generic_plan', ...sessionSettings]),
        } as object),
      },
      pool: { min: 0, max: poolMax },
    },
  },
})

export default dbConfig
