import { assert } from '@japa/assert'
import { apiClient, ApiClient } from '@japa/api-client'
import app from '@adonisjs/core/services/app'
import type { Config } from '@japa/runner/types'
import { pluginAdonisJS } from '@japa/plugin-adonisjs'
import testUtils from '@adonisjs/core/services/test_utils'
import { authApiClient } from '@adonisjs/auth/plugins/api_client'
import limiter from '@adonisjs/limiter/services/main'
import { faker } from '@faker-js/faker'
import { assertResponseMatchesOpenApi } from '#tests/support/openapi'

/**
 * Plugins: assertions, the API client (every response is validated
 * against the OpenAPI document), AdonisJS helpers and `loginAs`.
 */
export const plugins: Config['plugins'] = [
  assert(),
  apiClient(),
  pluginAdonisJS(app),
  authApiClient(app),
]

ApiClient.teardown(assertResponseMatchesOpenApi)

/**
 * Fake data is the same on every run (the factories' faker is this one), so
 * a value that breaks a test breaks it every time; TEST_SEED picks another.
 */
faker.seed(Number(process.env.TEST_SEED ?? 20261123))

/**
 * Read versions are raised at COMMIT (a deferred constraint trigger,
 * migration 1764300010001), and a test's global transaction never commits:
 * inside it they are raised at the end of each statement instead, so the
 * API's cached lists see a test's changes as they would see a commit.
 * Tests that commit (their own connections) keep the deferred raise.
 */
async function raiseReadVersionsPerStatement() {
  const db = await app.container.make('lucid.db')
  const begin = db.beginGlobalTransaction.bind(db)
  db.beginGlobalTransaction = async (...args: Parameters<typeof begin>) => {
    const trx = await begin(...args)
    await trx.rawQuery('SET CONSTRAINTS read_versions_raise IMMEDIATE')
    return trx
  }
}

/** Runs an Ace command of the migrator; its failure fails the run */
async function migrator(command: string) {
  const ace = await app.container.make('ace')
  const run = await ace.exec(command, [
    '--compact-output',
    '--no-schema-generate',
    '--disable-locks',
  ])
  if (run.exitCode) throw run.error ?? new Error(`"${command}" failed`)
}

/**
 * The schema is migrated once per run (and reset after it); each test then
 * runs inside a global transaction that is rolled back
 * (testUtils.db().withGlobalTransaction). Without the migrator's advisory
 * lock: the run owns its database, and Lucid takes that lock on one pooled
 * connection and may release it on another ("unable to release database
 * lock" after a complete migration).
 */
async function migrateSchema() {
  await migrator('migration:run')
  return () => migrator('migration:reset')
}

export const runnerHooks: Required<Pick<Config, 'setup' | 'teardown'>> = {
  setup: [migrateSchema, raiseReadVersionsPerStatement],
  teardown: [],
}

/**
 * Every client of the suite shares the IP 127.0.0.1, so rate-limit counts
 * (memory store in tests) start empty for each test, as the database does:
 * failures left by one test never throttle another. Tests of a limit
 * reach it within themselves.
 */
const clearLimits = () => limiter.clear(['memory'])

export const configureSuite: Config['configureSuite'] = (suite) => {
  suite.onGroup((group) => group.each.setup(clearLimits))
  suite.onTest((t) => t.setup(clearLimits))
  if (['browser', 'functional', 'e2e'].includes(suite.name)) {
    return suite.setup(() => testUtils.httpServer().start())
  }
}
