import type { ChildProcess } from 'node:child_process'
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import { freePort, startEmbeddedCluster } from '#database/embedded/cluster'
import { buildApp, runAce, startBuiltServer } from '#bench/server'
import { FaultHarness } from '#bench/faults/harness'
import { FAULT_PLANS } from '#bench/faults/plans'
import type { FaultBenchSeed } from '#bench/faults/seed'
import { markdownTable, problemsOf, type FaultRow } from '#bench/faults/tally'

/**
 * Short lease and backoff so that a run ends in minutes (production: 60 s
 * lease, 30 s to 1 h backoff). The recovery rate stays the default.
 */
const QUEUE_SETTINGS = {
  QUEUE_LEASE_SECONDS: '5',
  QUEUE_RETRY_BASE_SECONDS: '2',
  QUEUE_RETRY_MAX_SECONDS: '30',
}

/**
 * `node ace bench:faults`: the faults table measured again. A throw-away
 * PostgreSQL (stopped and started on its data for the outage), the
 * production build's API and `node ace queue:work` as child processes, an
 * SMTP sink in this process; for each fault, custom notifications by
 * e-mail (I5) at a steady rate while the fault strikes, then a wait for
 * the outbox to drain, and the count at the sink, one by one by subject.
 * Prints the table; writes tmp/bench/faults.json (logs of the API and the
 * worker next to it). Exits 1 when a fault lost a message, made more than
 * one duplicate or answered other than 2xx or 503 {message}.
 */
export default class BenchFaults extends BaseCommand {
  static commandName = 'bench:faults'
  static description = 'Measure delivery under faults (SMTP, PostgreSQL, worker kill)'
  static options: CommandOptions = { startApp: false }

  @flags.string({ description: 'Comma-separated faults: none,smtp,postgres,kill (default: all)' })
  declare only?: string

  @flags.number({
    description: 'Milliseconds the SMTP sink takes to accept a message',
    default: 50,
  })
  declare sinkDelay: number

  @flags.number({
    description: 'Seconds to wait for the outbox to drain after a fault',
    default: 240,
  })
  declare drainTimeout: number

  @flags.boolean({ description: 'Build first (--no-build reuses build/)', default: true })
  declare build: boolean

  #server?: ChildProcess

  async run() {
    const plans = FAULT_PLANS.filter(
      (plan) => !this.only || this.only.split(',').includes(plan.key)
    )
    const dir = this.app.makePath('tmp/bench')
    await mkdir(dir, { recursive: true })
    const logs = { server: `${dir}/faults-server.log`, worker: `${dir}/faults-worker.log` }
    await Promise.all(Object.values(logs).map((file) => rm(file, { force: true })))

    const cluster = await startEmbeddedCluster({
      dataDir: 'tmp/bench-faults-db',
      port: await freePort(),
      database: 'contracts_bench_faults',
      persistent: false,
    })
    const port = await freePort()
    const env = {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(await freePort()),
      DB_APPLICATION_NAME: 'bench-faults',
      ...QUEUE_SETTINGS,
    }

    let harness: FaultHarness | undefined
    const rows: FaultRow[] = []
    try {
      const seedFile = `${dir}/faults-seed.json`
      await runAce(['migration:run', '--force'], env)
      await runAce(['bench:faults:seed', '--out', seedFile], env)
      const seed: FaultBenchSeed = JSON.parse(await readFile(seedFile, 'utf8'))
      await buildApp(this.app, env, this.build)
      this.#server = await startBuiltServer(this.app, env, port, logs.server)

      harness = new FaultHarness({
        app: this.app,
        cluster,
        env,
        apiUrl: `http://127.0.0.1:${port}`,
        seed,
        sinkPort: Number(env.SMTP_PORT),
        sinkDelayMs: this.sinkDelay,
        drainTimeoutMs: this.drainTimeout * 1000,
        workerLog: logs.worker,
        log: (line) => this.logger.info(line),
      })
      await harness.openSink()
      harness.startWorker()

      for (const plan of plans) {
        this.logger.info(`${plan.name}: started`)
        const row = await harness.run(plan)
        rows.push(row)
        this.logger.info(
          `${plan.name}: accepted ${row.accepted}, received ${row.received}, duplicates ${row.duplicates}, lost ${row.lost}`
        )
      }
    } finally {
      await harness?.stopWorker()
      this.#server?.kill('SIGTERM')
      await harness?.closeSink()
      await cluster.stop()
    }

    await this.#report(rows, dir)
  }

  async #report(rows: FaultRow[], dir: string) {
    const table = markdownTable(rows)
    const problems = rows.flatMap((row) =>
      problemsOf(row).map((problem) => `${row.fault}: ${problem}`)
    )
    await writeFile(
      `${dir}/faults.json`,
      JSON.stringify(
        {
          generatedAt: new Date().toISOString(),
          node: process.version,
          settings: { ...QUEUE_SETTINGS, sinkDelayMs: this.sinkDelay },
          rows,
          problems,
          table,
        },
        null,
        2
      )
    )
    console.log(`\n${table}\n`)
    for (const problem of problems) this.logger.error(problem)
    this.logger.success('results written to tmp/bench/faults.json')
    if (problems.length) this.exitCode = 1
  }
}
