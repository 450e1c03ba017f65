/*
|--------------------------------------------------------------------------
| JavaScript entrypoint for running ace commands
|--------------------------------------------------------------------------
|
| ts-node-maintained registers the TypeScript loader so that ace can run
| the TypeScript sources directly in development.
|
*/
import 'ts-node-maintained/register/esm'
await import('./bin/console.js')
