/*
|--------------------------------------------------------------------------
| JavaScript entrypoint for running ace commands
|--------------------------------------------------------------------------
|
| @poppinss/ts-exec registers the TypeScript loader so that ace can run
| the TypeScript sources directly in development.
|
*/
import '@poppinss/ts-exec'
await import('./bin/console.js')
