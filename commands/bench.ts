import { randomBytes } from 'node:crypto'
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import { freePort, startEmbeddedCluster } from '#database/embedded/cluster'
import { measure, withRatios, REFERENCE, type BenchResult } from '#bench/runner'
import { comparison } from '#bench/compare'
import { buildApp, runAce, startBuiltServer } from '#bench/server'
import type { BenchRequest } from '#bench/types'

/**
 * `npm run bench`: a throw-away PostgreSQL (unless DB_HOST), the compiled
 * production build (`node ace build`, then build/bin/server.js with
 * NODE_ENV=production: what users deploy) on a free port, then for each
 * scale (1x, then 10x the base volume) the areas' data and an autocannon
 * run per scenario. Every result carries its ratio to GET /app/versions of
 * the same run (always measured), so runs on a busy machine compare.
 * Results: tmp/bench/results.json; `--compare <file>` prints the change.
 */
export default class Bench extends BaseCommand {
  static commandName = 'bench'
  static description = 'Load test the API at 1x and 10x data volume (tmp/bench/results.json)'
  static options: CommandOptions = { startApp: false }

  @flags.number({ description: 'Seconds per scenario', default: 5 })
  declare duration: number

  @flags.number({ description: 'Concurrent connections', default: 32 })
  declare connections: number

  @flags.string({ description: 'Comma-separated scales', default: '1,10' })
  declare scales: string

  @flags.string({ description: 'Only the scenarios whose name contains this' })
  declare only?: string

  @flags.string({ description: 'Comma-separated areas to seed and measure (default: all)' })
  declare areas?: string

  @flags.string({ description: 'An earlier results.json to print the change against' })
  declare compare?: string

  @flags.boolean({ description: 'Build first (--no-build reuses build/)', default: true })
  declare build: boolean

  #server?: ChildProcess

  /** Timed commands (not load tests), per scale: printed and written beside the results */
  #timings: { name: string; scale: number; ms: number }[] = []

  /**
   * `node ace compliance:generate` for every attached provider,
   * on the compiled build, timed from the outside (boot included) and
   * printed; a month no scenario reads, and `--dry-run` rolls it back, so
   * the measured data is unchanged.
   */
  async #timeComplianceGeneration(env: NodeJS.ProcessEnv, scale: number) {
    const started = performance.now()
    await new Promise<void>((resolve, reject) => {
      spawn(
        process.execPath,
        ['ace.js', 'compliance:generate', '--month', '2099-01', '--dry-run'],
        {
          cwd: this.app.makePath('build'),
          stdio: 'inherit',
          env: { ...env, NODE_ENV: 'production', LOG_LEVEL: 'info' },
        }
      ).on('exit', (code) =>
        code === 0 ? resolve() : reject(new Error(`compliance:generate exited ${code}`))
      )
    })
    const ms = Math.round(performance.now() - started)
    this.#timings.push({ name: 'node ace compliance:generate', scale, ms })
    this.logger.info(`x${scale} node ace compliance:generate (every attached provider): ${ms} ms`)
  }

  async run() {
    const cluster = await startEmbeddedCluster({
      dataDir: 'tmp/bench-db',
      port: await freePort(),
      database: 'contracts_bench',
      persistent: false,
    })
    const port = await freePort()
    const env = {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ACCESS_TOKEN_TTL_SECONDS: '14400',
      DB_POOL_MAX: '20',
      /** The version check is throttled per IP; the bench client is one IP */
      APP_VERSIONS_RATE_LIMIT: '0',
      /** Production processes refuse to boot without one */
      METRICS_TOKEN: process.env.METRICS_TOKEN ?? `bench-${randomBytes(16).toString('hex')}`,
    }

    const results: BenchResult[] = []
    try {
      await runAce(['migration:run', '--force'], env)
      await buildApp(this.app, env, this.build)
      this.#server = await startBuiltServer(this.app, env, port)

      for (const scale of this.scales.split(',').map(Number)) {
        const file = this.app.makePath(`tmp/bench/requests-${scale}.json`)
        /** The reference of every ratio is always seeded and measured */
        const areas = this.areas ? ['--areas', `app_versions,${this.areas}`] : []
        await runAce(['bench:seed', '--scale', String(scale), '--out', file, ...areas], env)
        const requests: (BenchRequest & { area: string })[] = JSON.parse(
          await readFile(file, 'utf8')
        )

        for (const request of requests) {
          const only = this.only?.split(',')
          if (
            only &&
            request.name !== REFERENCE &&
            !only.some((part) => request.name.includes(part))
          )
            continue
          const result = await measure(`http://127.0.0.1:${port}`, request, {
            scale,
            duration: this.duration,
            connections: this.connections,
          })
          results.push(result)
          this.logger.info(
            `x${scale} ${request.name}: ${result.requestsPerSecond} req/s, p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms${result.error ? ` (${result.error})` : ''}`
          )
        }
        if (!this.areas || this.areas.split(',').includes('compliance')) {
          await this.#timeComplianceGeneration(env, scale)
        }
      }
    } finally {
      this.#server?.kill('SIGTERM')
      await cluster.stop()
    }

    await this.#write(withRatios(results))
  }

  async #write(results: BenchResult[]) {
    await mkdir(this.app.makePath('tmp/bench'), { recursive: true })
    const output = {
      generatedAt: new Date().toISOString(),
      node: process.version,
      durationSeconds: this.duration,
      connections: this.connections,
      results,
      timings: this.#timings,
    }
    await writeFile(this.app.makePath('tmp/bench/results.json'), JSON.stringify(output, null, 2))

    const table = this.ui.table()
    table.head(['Scenario', 'Scale', 'req/s', 'p50 ms', 'p99 ms', 'ratio', 'errors'])
    for (const result of results) {
      table.row([
        result.name,
        `x${result.scale}`,
        String(result.requestsPerSecond),
        String(result.p50Ms),
        String(result.p99Ms),
        result.ratio === undefined ? '-' : result.ratio.toFixed(2),
        result.error ?? String(result.non2xx),
      ])
    }
    table.render()
    for (const timing of this.#timings) {
      this.logger.info(`x${timing.scale} ${timing.name}: ${timing.ms} ms`)
    }
    this.logger.success('results written to tmp/bench/results.json')

    if (this.compare) {
      const earlier = JSON.parse(await readFile(this.compare, 'utf8'))
      const changes = this.ui.table()
      changes.head([
        'Scenario',
        'Scale',
        'req/s before',
        'req/s now',
        'change',
        'ratio before',
        'ratio now',
      ])
      for (const row of comparison(earlier.results ?? [], results)) changes.row(row)
      changes.render()
    }
    if (results.some((result) => result.error)) this.exitCode = 1
  }
}
