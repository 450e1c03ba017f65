import autocannon from 'autocannon'
import type { MemberRole } from '#enums/roles'
import type { MixActor, MixCompany, MixHeaders, MixPlan } from '#bench/mix_seed'
import { cpuPerRequest, type CpuPerRequest, type CpuReading } from '#bench/process_cpu'

/** A seeded pseudo-random generator (mulberry32): the same seed replays the same mix */
export function seededRandom(seed: number) {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (below: number) => Math.floor(next() * below)
  return { next, int, pick: <T>(items: readonly T[]): T => items[int(items.length)] }
}
type Random = ReturnType<typeof seededRandom>

/** One request of the mix; `route` is its route pattern, the key of the figures */
export interface MixCall {
  route: string
  method: 'GET' | 'POST' | 'PUT' | 'PATCH'
  path: string
  headers: MixHeaders
  body?: unknown
}

const BORROWER_SIDE: MemberRole[] = ['owner', 'admin', 'borrower', 'user']
const MANAGERS: MemberRole[] = ['owner', 'admin', 'borrower']
const PROVIDERS: MemberRole[] = ['provider']
const SCOPES = ['company', 'contract', 'personal', 'role', 'action', 'all']
const STATUS_FILTERS = ['active', 'draft', 'active,draft', 'signing,in_review', 'finished']
const TEAM_SEARCHES = ['fornecedor 1', 'prestador', 'bench person 2', 'mix']

interface MixRoute {
  route: string
  /** Share of the mix, in percent (the writes add up to 10) */
  weight: number
  roles: MemberRole[]
  build(actor: MixActor, company: MixCompany, random: Random): Omit<MixCall, 'route' | 'headers'>
}

/** A query string of the defined values, percent-encoded (a space is %20, as a browser sends it) */
const query = (values: Record<string, string | number | undefined>) => {
  const pairs = Object.entries(values)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${key}=${encodeURIComponent(String(value))}`)
  return pairs.length ? `?${pairs.join('&')}` : ''
}
const maybe = <T>(random: Random, share: number, value: () => T) =>
  random.next() < share ? value() : undefined

/**
 * The mix: what borrower-side members and providers read (random pages,
 * filters and search words) and about 10% writes. The hours entry is not
 * here: it needs a free (provider, day) pair, see MixPlanner.
 */
function mixRoutes(words: string[]): MixRoute[] {
  return [
    {
      route: 'GET /contracts',
      weight: 16,
      roles: BORROWER_SIDE,
      build: (_actor, _company, random) => ({
        method: 'GET',
        path: `/api/v1/contracts${query({
          status: maybe(random, 0.5, () => random.pick(STATUS_FILTERS)),
          search: maybe(random, 0.4, () =>
            random.next() < 0.5 ? random.pick(words) : String(1 + random.int(999))
          ),
          page: 1 + random.int(random.next() < 0.7 ? 3 : 20),
        })}`,
      }),
    },
    {
      route: 'GET /contracts/board',
      weight: 8,
      roles: BORROWER_SIDE,
      build: (_actor, _company, random) => ({
        method: 'GET',
        path: `/api/v1/contracts/board${query({
          search: maybe(random, 0.3, () => random.pick(words)),
        })}`,
      }),
    },
    {
      route: 'GET /contracts/:id',
      weight: 6,
      roles: BORROWER_SIDE,
      build: (_actor, company, random) => ({
        method: 'GET',
        path: `/api/v1/contracts/${random.pick(company.contractIds)}`,
      }),
    },
    {
      route: 'GET /notifications',
      weight: 14,
      roles: [...BORROWER_SIDE, ...PROVIDERS],
      build: (_actor, _company, random) => ({
        method: 'GET',
        path: `/api/v1/notifications${query({
          scope: maybe(random, 0.3, () => random.pick(SCOPES)),
          isRead: maybe(random, 0.3, () => 'false'),
          page: 1 + random.int(random.next() < 0.8 ? 2 : 5),
        })}`,
      }),
    },
    {
      route: 'GET /notifications/unread-count',
      weight: 15,
      roles: [...BORROWER_SIDE, ...PROVIDERS],
      build: () => ({ method: 'GET', path: '/api/v1/notifications/unread-count' }),
    },
    {
      route: 'GET /providers',
      weight: 4,
      roles: BORROWER_SIDE,
      build: (_actor, _company, random) => ({
        method: 'GET',
        path: `/api/v1/providers${query({ page: 1 + random.int(5) })}`,
      }),
    },
    {
      route: 'GET /team',
      weight: 4,
      roles: BORROWER_SIDE,
      build: (_actor, _company, random) => ({
        method: 'GET',
        path: `/api/v1/team${query({
          search: maybe(random, 0.6, () => random.pick(TEAM_SEARCHES)),
          page: 1 + random.int(3),
        })}`,
      }),
    },
    {
      route: 'GET /company',
      weight: 2,
      roles: [...BORROWER_SIDE, ...PROVIDERS],
      build: () => ({ method: 'GET', path: '/api/v1/company' }),
    },
    {
      route: 'GET /summary',
      weight: 6,
      roles: PROVIDERS,
      build: () => ({ method: 'GET', path: '/api/v1/summary' }),
    },
    {
      route: 'GET /provider/active-contract/summary',
      weight: 3,
      roles: PROVIDERS,
      build: () => ({ method: 'GET', path: '/api/v1/provider/active-contract/summary' }),
    },
    {
      route: 'GET /hours/current',
      weight: 4,
      roles: PROVIDERS,
      build: () => ({ method: 'GET', path: '/api/v1/hours/current' }),
    },
    {
      route: 'GET /hours',
      weight: 2,
      roles: PROVIDERS,
      build: () => ({ method: 'GET', path: '/api/v1/hours' }),
    },
    {
      route: 'GET /contracts (provider)',
      weight: 6,
      roles: PROVIDERS,
      build: () => ({ method: 'GET', path: '/api/v1/contracts' }),
    },
    {
      route: 'PUT /contracts/:id',
      weight: 2,
      roles: MANAGERS,
      build: (_actor, company, random) => ({
        method: 'PUT',
        path: `/api/v1/contracts/${random.pick(company.draftIds)}`,
        body: { name: `Mix saved contract ${random.int(1000)}`, progress: random.int(101) },
      }),
    },
    {
      route: 'PATCH /notifications/read-all',
      weight: 2,
      roles: [...BORROWER_SIDE, ...PROVIDERS],
      build: () => ({ method: 'PATCH', path: '/api/v1/notifications/read-all' }),
    },
    {
      route: 'POST /notifications/custom',
      weight: 3,
      roles: MANAGERS,
      build: (_actor, company, random) => ({
        method: 'POST',
        path: '/api/v1/notifications/custom',
        body: {
          sendTo: random.pick(company.memberIds),
          title: 'Mix',
          message: 'A custom mix message',
          platforms: ['platform', 'email'],
        },
      }),
    },
  ]
}

export const HOURS_ROUTE = 'POST /monitoring/entries'
/** Share of the hours entries in the mix, in percent */
const HOURS_WEIGHT = 3

/**
 * Draws the mix's requests from a plan with a seeded generator: a route by
 * weight, then one of the users whose role reads it (in a company that has
 * what it needs). Hours entries take the next free (provider, day) pair,
 * day-major so that consecutive ones are different providers; once they
 * are used up, the provider marks its notifications read instead.
 */
export class MixPlanner {
  #routes: MixRoute[]
  #random: Random
  #companies: Map<string, MixCompany>
  /** Per route pattern, the users who may send it (in a company that has what it needs) */
  #senders = new Map<string, MixActor[]>()
  #nextEntry = 0

  constructor(
    private plan: MixPlan,
    seed: number
  ) {
    this.#random = seededRandom(seed)
    this.#routes = mixRoutes(plan.contractWords)
    this.#companies = new Map(plan.companies.map((company) => [company.companyId, company]))
    for (const route of this.#routes) {
      const ids = (company: MixCompany) =>
        route.route.startsWith('PUT') ? company.draftIds : company.contractIds
      const senders = plan.actors.filter(
        (actor) =>
          route.roles.includes(actor.role) &&
          (!route.route.endsWith(':id') || ids(this.#company(actor)).length > 0)
      )
      if (!senders.length) throw new Error(`the mix plan has no user for ${route.route}`)
      this.#senders.set(route.route, senders)
    }
    if (!plan.hoursWriters.length) throw new Error(`the mix plan has no user for ${HOURS_ROUTE}`)
  }

  #company(actor: MixActor) {
    return this.#companies.get(actor.headers['x-company-id'])!
  }

  /** Every route pattern of the mix */
  get routes() {
    return [...this.#routes.map(({ route }) => route), HOURS_ROUTE]
  }

  next(): MixCall {
    const total = this.#routes.reduce((sum, route) => sum + route.weight, HOURS_WEIGHT)
    let draw = this.#random.next() * total
    if (draw < HOURS_WEIGHT) return this.#hoursEntry()
    draw -= HOURS_WEIGHT
    const route = this.#routes.find((candidate) => (draw -= candidate.weight) < 0)
    return this.of(route?.route ?? this.#routes[0].route)
  }

  /** A request of one route pattern */
  of(pattern: string): MixCall {
    if (pattern === HOURS_ROUTE) return this.#hoursEntry()
    const route = this.#routes.find((candidate) => candidate.route === pattern)!
    const actor = this.#random.pick(this.#senders.get(pattern)!)
    const company = this.#company(actor)
    return { route: pattern, headers: actor.headers, ...route.build(actor, company, this.#random) }
  }

  #hoursEntry(): MixCall {
    const { hoursWriters: writers, hoursDays: days } = this.plan
    const index = this.#nextEntry++
    if (index >= writers.length * days.length) return this.of('PATCH /notifications/read-all')
    return {
      route: HOURS_ROUTE,
      method: 'POST',
      path: '/api/v1/monitoring/entries',
      headers: writers[index % writers.length],
      body: {
        date: days[Math.floor(index / writers.length)],
        tasks: [{ description: 'Mix', durationMinutes: 60 }],
      },
    }
  }
}

export interface MixRouteResult {
  route: string
  requests: number
  p50Ms: number
  p99Ms: number
  /** Non-2xx answers by status */
  errors: Record<string, number>
}

export interface MixResult {
  seed: number
  scale: number
  durationSeconds: number
  connections: number
  requestsPerSecond: number
  requests: number
  /** Non-2xx answers (and connection errors, as status 0) */
  errors: number
  statuses: Record<string, number>
  routes: MixRouteResult[]
  /**
   * Lookups by result (a stale one found its entry read under older
   * versions), in all and per cached read (`reads`, by the read's name)
   */
  readCache: ReadCacheFigures & { reads: Record<string, ReadCacheFigures> }
  /** CPU ms a request of the API process and PostgreSQL during the run (Linux; see readCpu) */
  cpu?: CpuPerRequest
  /** The same for GET /app/versions, measured just before */
  referenceCpu?: CpuPerRequest
  /** Overall req/s over GET /app/versions' req/s of the same run */
  ratio?: number
  error?: string
}

const percentile = (sorted: number[], share: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] : 0
const round = (value: number) => Math.round(value * 100) / 100

/** Where the mix reads the read cache's lookups: every API process (each has its own cache) */
interface MetricsSource {
  urls: string[]
  token: string
}

const LOOKUP_RESULTS = ['hit', 'miss', 'stale', 'bypass'] as const
type LookupResult = (typeof LOOKUP_RESULTS)[number]
/** Lookups of the read cache by result */
export type ReadCacheLookups = Record<LookupResult, number>
/** Lookups by result and the share that hit (null: none) */
export type ReadCacheFigures = ReadCacheLookups & { hitRate: number | null }

const noLookups = (): ReadCacheLookups => ({ hit: 0, miss: 0, stale: 0, bypass: 0 })

/**
 * read_cache_lookups_total of /metrics texts (one per API process), summed
 * by result: in all (`total`) and per cached read (`reads`)
 */
export function lookupsFromMetrics(texts: string[]) {
  const total = noLookups()
  const reads: Record<string, ReadCacheLookups> = {}
  for (const text of texts) {
    for (const line of text.split('\n')) {
      const match = /^read_cache_lookups_total\{(.*)\} (\S+)$/.exec(line)
      if (!match) continue
      const labels = Object.fromEntries(
        [...match[1].matchAll(/(\w+)="([^"]*)"/g)].map(([, name, value]) => [name, value])
      )
      const result = labels.result as LookupResult
      if (!LOOKUP_RESULTS.includes(result)) continue
      const count = Number(match[2])
      total[result] += count
      const read = labels.read ?? '-'
      reads[read] ??= noLookups()
      reads[read][result] += count
    }
  }
  return { total, reads }
}

/** read_cache_lookups_total of GET /metrics of every process (lookupsFromMetrics) */
export async function readCacheLookups({ urls, token }: MetricsSource) {
  const texts = await Promise.all(
    urls.map(async (url) => {
      const response = await fetch(new URL('/api/v1/metrics', url), {
        headers: { authorization: `Bearer ${token}` },
      })
      return response.text()
    })
  )
  return lookupsFromMetrics(texts)
}

/** The lookups between two readings, with the share that hit */
export function lookupsBetween(
  before: ReadCacheLookups | undefined,
  after: ReadCacheLookups
): ReadCacheFigures {
  const counts = Object.fromEntries(
    LOOKUP_RESULTS.map((result) => [result, after[result] - (before?.[result] ?? 0)])
  ) as ReadCacheLookups
  const looked = LOOKUP_RESULTS.reduce((sum, result) => sum + counts[result], 0)
  return { ...counts, hitRate: looked ? round(counts.hit / looked) : null }
}

interface MixOptions {
  seed: number
  scale: number
  duration: number
  connections: number
  metrics: MetricsSource
  /** Reads the measured processes' CPU (readCpu) around the recorded run */
  cpu?: () => CpuReading | null
}

/**
 * One mixed run: a probe of every route pattern first (each must answer
 * 2xx, so that a failing route is never measured as fast), a 1 s
 * warm-up, then `duration` seconds in which every request is the
 * planner's next one. Latencies are taken per route pattern from the
 * moment the request is built (right before it is written) to its
 * answer; the read cache's lookups are read from /metrics around the run.
 */
export async function runMix(
  baseUrl: string,
  plan: MixPlan,
  options: MixOptions
): Promise<MixResult> {
  const planner = new MixPlanner(plan, options.seed)
  const send = (call: MixCall) =>
    fetch(new URL(call.path, baseUrl), {
      method: call.method,
      headers: { 'content-type': 'application/json', ...call.headers },
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
    })
  const base = {
    seed: options.seed,
    scale: options.scale,
    durationSeconds: options.duration,
    connections: options.connections,
  }
  for (const route of planner.routes) {
    const response = await send(planner.of(route))
    if (!response.ok) {
      const answer = await response.text()
      const error = `${route}: HTTP ${response.status} ${answer.slice(0, 200)}`
      return {
        ...base,
        requestsPerSecond: 0,
        requests: 0,
        errors: 1,
        statuses: { [response.status]: 1 },
        routes: [],
        readCache: { ...noLookups(), hitRate: null, reads: {} },
        error,
      }
    }
  }

  const latencies = new Map<string, number[]>()
  const errors = new Map<string, Record<string, number>>()
  const statuses: Record<string, number> = {}
  let recording = false
  const run = (duration: number) =>
    autocannon({
      url: baseUrl,
      connections: options.connections,
      duration,
      requests: [
        {
          setupRequest: (request: any, context: any) => {
            const call = planner.next()
            context.route = call.route
            context.sentAt = performance.now()
            return {
              ...request,
              method: call.method,
              path: call.path,
              headers: { 'content-type': 'application/json', ...call.headers },
              body: call.body === undefined ? undefined : JSON.stringify(call.body),
            }
          },
          onResponse: (status: number, _body: string, context: any) => {
            if (!recording) return
            const elapsed = performance.now() - context.sentAt
            const route = context.route as string
            if (!latencies.has(route)) latencies.set(route, [])
            latencies.get(route)!.push(elapsed)
            statuses[status] = (statuses[status] ?? 0) + 1
            if (status < 200 || status > 299) {
              const counts = errors.get(route) ?? {}
              counts[status] = (counts[status] ?? 0) + 1
              errors.set(route, counts)
            }
          },
        },
      ],
    })

  await run(1)
  const before = await readCacheLookups(options.metrics)
  const cpuBefore = options.cpu?.() ?? null
  recording = true
  const result = await run(options.duration)
  recording = false
  const cpuAfter = options.cpu?.() ?? null
  const after = await readCacheLookups(options.metrics)

  const reads = Object.fromEntries(
    Object.entries(after.reads).map(([read, counts]) => [
      read,
      lookupsBetween(before.reads[read], counts),
    ])
  )
  const failed = Object.entries(statuses)
    .filter(([status]) => !status.startsWith('2'))
    .reduce((sum, [, count]) => sum + count, 0)
  const connectionErrors = result.errors + result.timeouts
  if (connectionErrors) statuses['0'] = connectionErrors
  const routes = [...latencies].map(([route, times]) => {
    const sorted = times.sort((a, b) => a - b)
    return {
      route,
      requests: sorted.length,
      p50Ms: round(percentile(sorted, 0.5)),
      p99Ms: round(percentile(sorted, 0.99)),
      errors: errors.get(route) ?? {},
    }
  })
  routes.sort((a, b) => b.requests - a.requests)
  const errorCount = failed + connectionErrors
  return {
    ...base,
    requestsPerSecond: Math.round(result.requests.average),
    requests: result.requests.total,
    errors: errorCount,
    statuses,
    routes,
    readCache: { ...lookupsBetween(before.total, after.total), reads },
    cpu: cpuPerRequest(cpuBefore, cpuAfter, result.requests.total),
    error:
      result.requests.total === 0
        ? `no response within ${options.duration} s`
        : errorCount
          ? `${errorCount} non-2xx responses`
          : undefined,
  }
}
