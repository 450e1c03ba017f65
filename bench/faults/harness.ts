import type { ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { setTimeout as sleep } from 'node:timers/promises'
import pg from 'pg'
import type { ApplicationService } from '@adonisjs/core/types'
import type { EmbeddedCluster } from '#database/embedded/cluster'
import { startBuilt } from '#bench/server'
import type { FaultBenchSeed } from '#bench/faults/seed'
import type { FaultPlan, FaultTargets } from '#bench/faults/plans'
import { tallyFault, type Arrival, type CallRecord, type FaultRow } from '#bench/faults/tally'
import { startSmtpServer } from '#tests/support/smtp_sink'

/** Sleeps until `at` (ms since the epoch); at once when it has passed */
export const sleepUntil = (at: number) => sleep(Math.max(0, at - Date.now()))

export interface HarnessOptions {
  app: ApplicationService
  cluster: EmbeddedCluster
  /** Env of the built processes (database, SMTP sink, queue settings) */
  env: NodeJS.ProcessEnv
  apiUrl: string
  seed: FaultBenchSeed
  sinkPort: number
  /** Milliseconds the sink waits before acknowledging each message (a slow receiver) */
  sinkDelayMs: number
  /** Longest wait for the outbox to drain after a fault */
  drainTimeoutMs: number
  workerLog: string
  log: (line: string) => void
}

/**
 * The moving parts of `node ace bench:faults`: the SMTP sink (closed and
 * reopened on its port), the built `node ace queue:work` (killed and
 * started again), the embedded PostgreSQL (stopped and started on its
 * data), and the I5 calls. Runs one fault plan at a time.
 */
export class FaultHarness implements FaultTargets {
  readonly arrivals: Arrival[] = []
  #sink?: Awaited<ReturnType<typeof startSmtpServer>>
  #worker?: ChildProcess
  #waiters: { prefix: string; resolve: () => void }[] = []

  constructor(private options: HarnessOptions) {}

  async openSink() {
    this.#sink = await startSmtpServer(this.options.sinkPort, {
      delayMs: this.options.sinkDelayMs,
      onMessage: ({ subject, messageId }) => {
        this.arrivals.push({ subject, messageId, at: Date.now() })
        const ready = this.#waiters.filter((waiter) => subject.startsWith(waiter.prefix))
        this.#waiters = this.#waiters.filter((waiter) => !ready.includes(waiter))
        for (const waiter of ready) waiter.resolve()
      },
    })
  }

  async closeSink() {
    await this.#sink?.close()
    this.#sink = undefined
  }

  stopDatabase() {
    return this.options.cluster.pause()
  }

  startDatabase() {
    return this.options.cluster.resume()
  }

  /** Deliveries only (no schedules), polling every second when idle */
  startWorker() {
    this.#worker = startBuilt(
      this.options.app,
      ['ace', 'queue:work', '--no-schedules', '--idle', '1'],
      this.options.env,
      this.options.workerLog
    )
  }

  async killWorker() {
    const worker = this.#worker
    if (!worker || worker.exitCode !== null || worker.signalCode !== null) return
    const exited = once(worker, 'exit')
    worker.kill('SIGKILL')
    await exited
  }

  /** SIGTERM (the worker finishes the delivery in hand), SIGKILL after 15 s */
  async stopWorker() {
    const worker = this.#worker
    if (!worker || worker.exitCode !== null || worker.signalCode !== null) return
    const exited = once(worker, 'exit')
    worker.kill('SIGTERM')
    const killer = setTimeout(() => worker.kill('SIGKILL'), 15_000)
    await exited
    clearTimeout(killer)
  }

  /** Resolves as the next e-mail whose subject starts with `prefix` arrives, or after timeoutMs */
  #nextArrival(prefix: string, timeoutMs: number) {
    return Promise.race([
      new Promise<void>((resolve) => this.#waiters.push({ prefix, resolve })),
      sleep(timeoutMs),
    ])
  }

  /** One I5 call: a custom notification by e-mail to the seeded recipient */
  async #call(subject: string): Promise<CallRecord> {
    const { seed, apiUrl } = this.options
    const startedAt = Date.now()
    try {
      const response = await fetch(`${apiUrl}/api/v1/notifications/custom`, {
        method: 'POST',
        headers: {
          'authorization': `Bearer ${seed.token}`,
          'x-company-id': seed.companyId,
          'content-type': 'application/json',
        },
        body: JSON.stringify({
          sendTo: seed.recipientId,
          title: subject,
          message: `<p>Bench Recipient, ${subject}.</p>`,
          platforms: ['email'],
        }),
        signal: AbortSignal.timeout(30_000),
      })
      const body: any = await response.json().catch(() => null)
      const email = body?.data?.channels?.find(
        (channel: { platform: string }) => channel.platform === 'email'
      )
      return {
        subject,
        startedAt,
        status: response.status,
        hasMessage: typeof body?.message === 'string',
        dispatched: email?.dispatched === true,
      }
    } catch {
      return { subject, startedAt, status: 'error', hasMessage: false, dispatched: false }
    }
  }

  /** Deliveries not yet sent, dead or skipped (null while the database is down) */
  async #pendingDeliveries(): Promise<number | null> {
    const { env } = this.options
    const client = new pg.Client({
      host: env.DB_HOST,
      port: Number(env.DB_PORT),
      user: env.DB_USER,
      password: env.DB_PASSWORD,
      database: env.DB_DATABASE,
      connectionTimeoutMillis: 2000,
    })
    try {
      await client.connect()
      const { rows } = await client.query(
        `SELECT count(*)::int AS n FROM deliveries WHERE status = 'pending'`
      )
      return rows[0].n
    } catch {
      return null
    } finally {
      await client.end().catch(() => {})
    }
  }

  async #waitDrained() {
    const deadline = Date.now() + this.options.drainTimeoutMs
    while (Date.now() < deadline) {
      if ((await this.#pendingDeliveries()) === 0) return true
      await sleep(500)
    }
    return false
  }

  /** Fires the plan's calls, injects its fault, waits for the outbox to drain, tallies */
  async run(plan: FaultPlan): Promise<FaultRow> {
    const prefix = `bench-faults ${plan.key} `
    const startedAt = Date.now()
    const callsDone = Promise.all(
      Array.from({ length: plan.calls }, async (_, index) => {
        await sleepUntil(startedAt + (index * plan.spreadSeconds * 1000) / plan.calls)
        return this.#call(`${prefix}${index + 1}`)
      })
    )

    const window = { start: startedAt, end: startedAt }
    const inject = plan.inject
    const faultDone = inject
      ? (async () => {
          await sleepUntil(startedAt + (plan.faultAtSeconds ?? 0) * 1000)
          await this.#nextArrival(prefix, 5000)
          window.start = Date.now()
          this.options.log(`${plan.key}: fault injected`)
          await inject(this)
          window.end = Date.now()
          this.options.log(`${plan.key}: fault ended after ${(window.end - window.start) / 1000} s`)
        })()
      : Promise.resolve()

    const calls = await callsDone
    await faultDone
    /** Without a fault, "after the fault" means after the last call was sent */
    if (!inject) window.end = Math.max(...calls.map((call) => call.startedAt))

    if (!(await this.#waitDrained())) {
      this.options.log(`${plan.key}: outbox not drained after ${this.options.drainTimeoutMs} ms`)
    }
    return tallyFault(plan.name, calls, this.arrivals, window)
  }
}
