/*
|--------------------------------------------------------------------------
| HTTP server entry point
|--------------------------------------------------------------------------
*/
import 'reflect-metadata'
import { Ignitor, prettyPrintError } from '@adonisjs/core'
import { APP_ROOT, importer } from './importer.js'

new Ignitor(APP_ROOT, { importer })
  .tap((app) => {
    app.booting(async () => {
      await import('#start/env')
    })
    app.listen('SIGTERM', () => app.terminate())
    app.listenIf(app.managedByPm2, 'SIGINT', () => app.terminate())
  })
  .httpServer()
  .start()
  .catch((error) => {
    process.exitCode = 1
    prettyPrintError(error)
  })
