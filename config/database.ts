import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { defineConfig } from '@adonisjs/lucid'

/**
 * Without DB_HOST the embedded development server is used (started by
 * `npm run dev` on port 54329); tests and the bench start their own
 * cluster and fill the DB_* variables before the app boots.
 */
const dbConfig = defineConfig({
  connection: 'postgres',
  prettyPrintDebugQueries: !app.inProduction,
  connections: {
    postgres: {
      client: 'pg',
      connection: {
        host: env.get('DB_HOST', '127.0.0.1'),
        port: env.get('DB_PORT', 54329),
        user: env.get('DB_USER', 'postgres'),
        password: env.get('DB_PASSWORD', 'postgres'),
        database: env.get('DB_DATABASE', 'contracts_dev'),
        ssl: env.get('DB_SSL', false) ? { rejectUnauthorized: false } : undefined,
        /** node-postgres option (not in Lucid's type): names the process in pg_stat_activity */
        ...({ application_name: env.get('DB_APPLICATION_NAME', 'contract-management') } as object),
      },
      pool: { min: 0, max: env.get('DB_POOL_MAX', 10) },
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
  },
})

export default dbConfig
