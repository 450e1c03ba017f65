/*
|--------------------------------------------------------------------------
| JavaScript entrypoint for running ace commands
|--------------------------------------------------------------------------
|
| @poppinss/ts-exec registers the TypeScript loader so that ace can run
| the TypeScript sources directly in development.
|
| On a fresh clone .env does not exist yet and start/env.ts would refuse
| to boot, so every command (`node ace list` first) creates it from
| .env.example as `npm run dev` does. Only in a source checkout: the
| compiled build has no .env.example and production brings its own env.
|
*/
import { existsSync } from 'node:fs'

if (process.env.NODE_ENV !== 'production' && existsSync(new URL('.env.example', import.meta.url))) {
  await import('./bin/ensure_env.mjs')
}
await import('@poppinss/ts-exec')
await import('./bin/console.js')
