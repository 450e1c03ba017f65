import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { setTimeout as sleep } from 'node:timers/promises'
import app from '@adonisjs/core/services/app'

/**
 * A `node ace <args>` child process on the test run's database (it
 * inherits the DB_* variables bin/test.ts filled in), with its output
 * kept for the failure message.
 */
export interface AceProcess {
  child: ChildProcess
  output: () => string
  /** Resolves with the exit code (or the signal's name) */
  exited: Promise<number | string>
}

export function startAce(args: string[], env: NodeJS.ProcessEnv = {}): AceProcess {
  return startNode(['ace', ...args], env)
}

/** The HTTP server as `node bin/server.js` runs it (TypeScript sources through ts-exec) */
export function startServer(env: NodeJS.ProcessEnv = {}): AceProcess {
  return startNode(['--import', '@poppinss/ts-exec', 'bin/server.ts'], env)
}

function startNode(args: string[], env: NodeJS.ProcessEnv): AceProcess {
  const child = spawn(process.execPath, args, {
    cwd: app.makePath(),
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = once(child, 'exit').then(([code, signal]) => code ?? signal)
  return { child, output: () => output, exited }
}

/** Stops a child that may still run (test cleanup): SIGKILL, then waits for it */
export async function killAce(ace: AceProcess) {
  if (ace.child.exitCode === null && ace.child.signalCode === null) ace.child.kill('SIGKILL')
  await ace.exited
}

/** Polls `check` until it is true; fails with `describe()` after timeoutMs */
export async function waitUntil(
  check: () => boolean | Promise<boolean>,
  timeoutMs: number,
  describe: () => string
) {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms: ${describe()}`)
    await sleep(50)
  }
}
