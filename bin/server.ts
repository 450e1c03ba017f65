/*
|--------------------------------------------------------------------------
| HTTP server entry point
|--------------------------------------------------------------------------
|
| SIGTERM (and SIGINT under pm2): the server stops accepting, in-flight
| requests get SHUTDOWN_GRACE_MS (10 s) to finish, then their connections
| are cut; the app terminates (closing the database pool) and the process
| exits 0. A shutdown still hanging 5 s later exits 1.
|
*/
import 'reflect-metadata'
import { createServer, type Server } from 'node:http'
import { Ignitor, prettyPrintError } from '@adonisjs/core'
import { APP_ROOT, importer } from './importer.js'

let nodeServer: Server | undefined

new Ignitor(APP_ROOT, { importer })
  .tap((app) => {
    app.booting(async () => {
      await import('#start/env')
    })
    const shutdown = () => {
      /** Read at the signal: start/env.ts has loaded .env (and validated it) by then */
      const graceMs = Number(process.env.SHUTDOWN_GRACE_MS ?? 10_000)
      setTimeout(() => nodeServer?.closeAllConnections(), graceMs).unref()
      setTimeout(() => process.exit(1), graceMs + 5000).unref()
      return app.terminate()
    }
    app.listen('SIGTERM', shutdown)
    app.listenIf(app.managedByPm2, 'SIGINT', shutdown)
  })
  .httpServer()
  .start((handler) => (nodeServer = createServer(handler)))
  .catch((error) => {
    process.exitCode = 1
    prettyPrintError(error)
  })
