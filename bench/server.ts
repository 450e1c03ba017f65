import { randomBytes } from 'node:crypto'
import { spawn, type ChildProcess } from 'node:child_process'
import { createWriteStream } from 'node:fs'
import { copyFile } from 'node:fs/promises'
import type { ApplicationService } from '@adonisjs/core/types'

/**
 * The processes a bench run starts, shared by `npm run bench` and
 * `node ace bench:faults`: Ace commands on the bench database, the
 * production build (`node ace build`) and its HTTP server.
 */

/** `node ace <args>` in the source tree; rejects on a non-zero exit */
export function runAce(args: string[], env: NodeJS.ProcessEnv) {
  return new Promise<void>((resolve, reject) => {
    spawn(process.execPath, ['ace', ...args], { stdio: 'inherit', env }).on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`node ace ${args.join(' ')} exited ${code}`))
    )
  })
}

/** The production build, as deployed: compiled JavaScript, no TypeScript loader */
export async function buildApp(app: ApplicationService, env: NodeJS.ProcessEnv, build = true) {
  if (build) await runAce(['build'], { ...env, NODE_ENV: 'development' })
  await copyFile(app.makePath('.env'), app.makePath('build/.env')).catch(() => {})
}

/**
 * `node <args>` in build/ with NODE_ENV=production (what users deploy);
 * stdout and stderr go to `logFile` (appended) when given, else stderr only
 * is shown.
 */
export function startBuilt(
  app: ApplicationService,
  args: string[],
  env: NodeJS.ProcessEnv,
  logFile?: string
): ChildProcess {
  const child = spawn(process.execPath, args, {
    cwd: app.makePath('build'),
    stdio: ['ignore', logFile ? 'pipe' : 'ignore', logFile ? 'pipe' : 'inherit'],
    /** Production refuses to boot without a metrics token: the bench's own, unless given */
    env: {
      ...env,
      NODE_ENV: 'production',
      METRICS_TOKEN: env.METRICS_TOKEN ?? `bench-${randomBytes(16).toString('hex')}`,
    },
  })
  if (logFile) {
    const log = createWriteStream(logFile, { flags: 'a' })
    child.stdout!.pipe(log, { end: false })
    child.stderr!.pipe(log, { end: false })
  }
  return child
}

/**
 * The built HTTP server on `port`, resolved once GET /api/v1/health
 * answers 2xx; `nodeOptions` go to Node before the script (`--cpu-prof`)
 */
export async function startBuiltServer(
  app: ApplicationService,
  env: NodeJS.ProcessEnv,
  port: number,
  logFile?: string,
  nodeOptions: string[] = []
) {
  const server = startBuilt(app, [...nodeOptions, 'bin/server.js'], env, logFile)
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/v1/health`)
      if (response.ok) return server
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  server.kill('SIGTERM')
  throw new Error('the API did not start')
}
