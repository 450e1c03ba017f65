import { randomBytes, randomInt } from 'node:crypto'
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { dirname, resolve as resolvePath } from 'node:path'
import { BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import { freePort, startEmbeddedCluster } from '#database/embedded/cluster'
import { measure, withRatios, REFERENCE, type BenchResult } from '#bench/runner'
import { comparison } from '#bench/compare'
import { buildApp, runAce, startBuiltServer } from '#bench/server'
import type { BenchRequest } from '#bench/types'
import { runMix, type MixResult } from '#bench/mix'
import type { MixPlan } from '#bench/mix_seed'
import { cpuPerRequest, readCpu, type CpuPerRequest } from '#bench/process_cpu'
import { cpuByPlace, mainThreadProfile } from '#bench/cpu_profile'

/** Seconds the reference is measured for in a mixed run */
const MIX_REFERENCE_SECONDS = 10

/**
 * `npm run bench`: a throw-away PostgreSQL (unless DB_HOST), the compiled
 * production build (`node ace build`, then build/bin/server.js with
 * NODE_ENV=production: what users deploy) on a free port, then for each
 * scale (1x, then 10x the base volume) the areas' data and an autocannon
 * run per scenario. Every result carries its ratio to GET /app/versions of
 * the same run (always measured), so runs on a busy machine compare.
 * Results: tmp/bench/results.json; `--compare <file>` prints the change.
 * `--mix` runs the mixed bench instead of the scenarios (bench/mix.ts):
 * many users of many companies, random reads and ~10% writes, figures per
 * route pattern, at 10x for 60 s unless `--scales` / `--duration` say.
 */
export default class Bench extends BaseCommand {
  static commandName = 'bench'
  static description = 'Load test the API at 1x and 10x data volume (tmp/bench/results.json)'
  static options: CommandOptions = { startApp: false }

  @flags.number({ description: 'Seconds per scenario (default 5; 60 with --mix)' })
  declare duration?: number

  @flags.number({ description: 'Concurrent connections', default: 32 })
  declare connections: number

  @flags.string({ description: 'Comma-separated scales (default 1,10; 10 with --mix)' })
  declare scales?: string

  @flags.string({ description: 'Only the scenarios whose name contains this' })
  declare only?: string

  @flags.string({ description: 'Comma-separated areas to seed and measure (default: all)' })
  declare areas?: string

  @flags.string({ description: 'An earlier results.json to print the change against' })
  declare compare?: string

  @flags.string({ description: 'Where the results go', default: 'tmp/bench/results.json' })
  declare results: string

  @flags.boolean({ description: 'Build first (--no-build reuses build/)', default: true })
  declare build: boolean

  @flags.boolean({ description: 'Run the mixed bench (many users, ~10% writes) instead' })
  declare mix?: boolean

  @flags.boolean({
    description:
      "Profile the API it starts (node --cpu-prof, tmp/bench/profile) and print its CPU by package (with --mix: the mix's)",
  })
  declare profile?: boolean

  @flags.string({
    description:
      'Measure this running API (e.g. behind a proxy) instead of starting one; DB_* name its database',
  })
  declare url?: string

  @flags.string({
    description:
      'Comma-separated API URLs whose /metrics the mix reads (default: the measured one)',
  })
  declare metricsUrls?: string

  @flags.number({
    description: "Seed of the mixed bench's random choices (printed; replays a run)",
  })
  declare seed?: number

  #server?: ChildProcess

  /** Timed commands (not load tests), per scale: printed and written beside the results */
  #timings: { name: string; scale: number; ms: number }[] = []

  #mixResults: MixResult[] = []

  get #duration() {
    return this.duration ?? (this.mix ? 60 : 5)
  }

  /**
   * The mixed run of one scale: the reference first (its ratio's
   * denominator, measured in the same run), then the mix.
   */
  async #measureMix(
    baseUrl: string,
    reference: BenchRequest & { area: string },
    planFile: string,
    scale: number,
    metricsToken: string
  ) {
    /** The API's CPU is known when the bench started it (not with --url) */
    const cpu = () => readCpu(this.#server?.pid)
    const referenceSeconds = Math.min(this.#duration, MIX_REFERENCE_SECONDS)
    const cpuBefore = cpu()
    const referenceResult = await measure(baseUrl, reference, {
      scale,
      duration: referenceSeconds,
      connections: this.connections,
    })
    const referenceCpu = cpuPerRequest(
      cpuBefore,
      cpu(),
      referenceResult.requestsPerSecond * referenceSeconds
    )
    const plan: MixPlan = JSON.parse(await readFile(planFile, 'utf8'))
    const seed = this.seed ?? randomInt(2 ** 31)
    this.logger.info(
      `x${scale} mix: seed ${seed} (--seed ${seed} replays it), ${plan.actors.length} users`
    )
    const result = await runMix(baseUrl, plan, {
      seed,
      scale,
      duration: this.#duration,
      connections: this.connections,
      metrics: { urls: this.metricsUrls?.split(',') ?? [baseUrl], token: metricsToken },
      cpu,
    })
    result.referenceCpu = referenceCpu
    if (referenceResult.requestsPerSecond) {
      result.ratio =
        Math.round((result.requestsPerSecond / referenceResult.requestsPerSecond) * 100) / 100
    }
    this.#mixResults.push(result)
    return referenceResult
  }

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
      /** The version check is throttled per IP; the bench client is one IP */
      APP_VERSIONS_RATE_LIMIT: '0',
      /** Production processes refuse to boot without one */
      METRICS_TOKEN: process.env.METRICS_TOKEN ?? `bench-${randomBytes(16).toString('hex')}`,
    }

    const results: BenchResult[] = []
    try {
      await runAce(['migration:run', '--force'], env)
      if (!this.url) {
        await buildApp(this.app, env, this.build)
        if (this.profile) await rm(this.#profileDir, { recursive: true, force: true })
        this.#server = await startBuiltServer(
          this.app,
          env,
          port,
          undefined,
          this.profile ? ['--cpu-prof', `--cpu-prof-dir=${this.#profileDir}`] : []
        )
      }
      const baseUrl = this.url ?? `http://127.0.0.1:${port}`

      const scales = this.scales ?? (this.mix ? '10' : '1,10')
      for (const scale of scales.split(',').map(Number)) {
        const file = this.app.makePath(`tmp/bench/requests-${scale}.json`)
        const planFile = this.app.makePath(`tmp/bench/mix-${scale}.json`)
        /** The reference of every ratio is always seeded and measured */
        const areas = this.areas ? ['--areas', `app_versions,${this.areas}`] : []
        const mix = this.mix ? ['--mix', planFile] : []
        await runAce(['bench:seed', '--scale', String(scale), '--out', file, ...areas, ...mix], env)
        const requests: (BenchRequest & { area: string })[] = JSON.parse(
          await readFile(file, 'utf8')
        )
        if (this.mix) {
          const reference = requests.find((request) => request.name === REFERENCE)!
          results.push(
            await this.#measureMix(baseUrl, reference, planFile, scale, env.METRICS_TOKEN)
          )
          continue
        }

        for (const request of requests) {
          const only = this.only?.split(',')
          if (
            only &&
            request.name !== REFERENCE &&
            !only.some((part) => request.name.includes(part))
          )
            continue
          const result = await measure(baseUrl, request, {
            scale,
            duration: this.#duration,
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
      await this.#stopServer()
      await cluster.stop()
    }

    await this.#write(withRatios(results))
    if (this.profile && !this.url) await this.#reportProfile()
  }

  get #profileDir() {
    return this.app.makePath('tmp/bench/profile')
  }

  /** Stops the API it started and waits for its exit (a profile is written then) */
  async #stopServer() {
    const server = this.#server
    /* Already ended (its 'exit' event past): nothing to wait for */
    if (!server || server.exitCode !== null || server.signalCode !== null) return
    const exited = new Promise((resolve) => server.once('exit', resolve))
    server.kill('SIGTERM')
    const stuck = setTimeout(() => server.kill('SIGKILL'), 10_000)
    await exited
    clearTimeout(stuck)
  }

  /**
   * The API's busy time by package or app file (cpuByPlace), from its
   * profile: with --mix, the mix's seconds (the end of the profile)
   */
  async #reportProfile() {
    const profile = await mainThreadProfile(this.#profileDir)
    if (!profile) return this.logger.warning(`no CPU profile in ${this.#profileDir}`)
    const { busyMs, shares } = cpuByPlace(profile, this.mix ? this.#duration : undefined)
    const table = this.ui.table()
    table.head(['API busy time by package or file', 'share'])
    for (const { name, share } of shares.slice(0, 20)) {
      table.row([name, `${(share * 100).toFixed(1)}%`])
    }
    table.render()
    this.logger.info(
      `API busy ${Math.round(busyMs)} ms in the profile (waits left out); open the .cpuprofile in ${this.#profileDir} for its calls`
    )
  }

  async #write(results: BenchResult[]) {
    const file = resolvePath(this.app.makePath(), this.results)
    await mkdir(dirname(file), { recursive: true })
    const run = {
      generatedAt: new Date().toISOString(),
      node: process.version,
      durationSeconds: this.#duration,
      connections: this.connections,
    }
    /** A mixed run adds its `mix` key to the scenarios' results of an earlier run */
    const output = this.mix
      ? {
          ...(await readFile(file, 'utf8').then(JSON.parse, () => ({}))),
          mix: { ...run, reference: results, runs: this.#mixResults },
        }
      : { ...run, results, timings: this.#timings }
    await writeFile(file, JSON.stringify(output, null, 2))
    if (this.mix) return this.#reportMix(results)

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
    this.logger.success(`results written to ${this.results}`)

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

  /** The mixed runs: one row per route pattern, then the whole mix with its ratio */
  #reportMix(references: BenchResult[]) {
    for (const mix of this.#mixResults) {
      const table = this.ui.table()
      table.head(['Route', 'Scale', 'req/s', 'p50 ms', 'p99 ms', 'ratio', 'errors'])
      for (const route of mix.routes) {
        const failed = Object.entries(route.errors)
        table.row([
          route.route,
          `x${mix.scale}`,
          String(Math.round(route.requests / mix.durationSeconds)),
          String(route.p50Ms),
          String(route.p99Ms),
          '-',
          failed.length ? failed.map(([status, count]) => `${count} x ${status}`).join(', ') : '0',
        ])
      }
      const reference = references.find((result) => result.scale === mix.scale)
      table.row([
        `mix (seed ${mix.seed})`,
        `x${mix.scale}`,
        String(mix.requestsPerSecond),
        '-',
        '-',
        mix.ratio === undefined ? '-' : mix.ratio.toFixed(2),
        mix.error ?? String(mix.errors),
      ])
      if (reference) {
        table.row([
          reference.name,
          `x${reference.scale}`,
          String(reference.requestsPerSecond),
          String(reference.p50Ms),
          String(reference.p99Ms),
          '1.00',
          reference.error ?? String(reference.non2xx),
        ])
      }
      table.render()
      const cache = mix.readCache
      const statuses = Object.entries(mix.statuses)
        .map(([status, count]) => `${status}: ${count}`)
        .join(', ')
      this.logger.info(
        `x${mix.scale} mix: ${mix.requests} requests (${statuses}); read cache hit rate ${cache.hitRate ?? '-'} (${cache.hit} hit, ${cache.miss} miss, ${cache.stale} stale, ${cache.bypass} bypass)`
      )
      this.#reportLookups(cache.reads)
      if (mix.cpu) {
        this.logger.info(
          `x${mix.scale} CPU a request: mix ${cpuText(mix.cpu)}; ${REFERENCE} ${mix.referenceCpu ? cpuText(mix.referenceCpu) : '-'}`
        )
      }
    }
    this.logger.success(`results written to ${this.results} (mix)`)
    if ([...references, ...this.#mixResults].some((result) => result.error)) this.exitCode = 1
  }

  /**
   * The read cache's lookups per cached read: a `stale` lookup found its
   * entry read under older versions (a write emptied it), a `miss` none
   * (a key not read before)
   */
  #reportLookups(reads: MixResult['readCache']['reads']) {
    const table = this.ui.table()
    table.head(['Cached read', 'hit', 'miss', 'stale', 'bypass', 'hit rate'])
    const byLookups = Object.entries(reads).sort(
      ([, a], [, b]) => b.hit + b.miss + b.stale - (a.hit + a.miss + a.stale)
    )
    for (const [read, counts] of byLookups) {
      table.row([
        read,
        String(counts.hit),
        String(counts.miss),
        String(counts.stale),
        String(counts.bypass),
        counts.hitRate === null ? '-' : counts.hitRate.toFixed(2),
      ])
    }
    table.render()
  }
}

/** `API a ms, PostgreSQL b ms` of a CPU figure */
function cpuText({ apiMs, postgresMs }: CpuPerRequest) {
  return `API ${apiMs ?? '-'} ms, PostgreSQL ${postgresMs} ms`
}
