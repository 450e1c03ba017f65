import autocannon from 'autocannon'
import type { BenchRequest } from '#bench/types'

export interface BenchResult {
  area: string
  name: string
  scale: number
  requestsPerSecond: number
  p50Ms: number
  p99Ms: number
  non2xx: number
  error?: string
  /** req/s over GET /app/versions' req/s at the same scale in the same run */
  ratio?: number
}

/** The public, indexed, unauthenticated read every ratio is taken against */
export const REFERENCE = 'GET /app/versions'

/** Each result with its ratio to the reference of its scale (when it was measured) */
export function withRatios(results: BenchResult[]): BenchResult[] {
  return results.map((result) => {
    const reference = results.find(
      (other) => other.name === REFERENCE && other.scale === result.scale
    )
    if (!reference?.requestsPerSecond) return result
    const ratio = result.requestsPerSecond / reference.requestsPerSecond
    return { ...result, ratio: Math.round(ratio * 100) / 100 }
  })
}

interface MeasureOptions {
  scale: number
  duration: number
  connections: number
}

/**
 * One autocannon run of a scenario. A scenario must answer 2xx (a
 * conditional one 304): its first response is checked, so that a failing
 * route is never measured as fast.
 */
export async function measure(
  baseUrl: string,
  request: BenchRequest & { area: string },
  options: MeasureOptions
): Promise<BenchResult> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    ...request.headers,
  }
  const body = request.body === undefined ? undefined : JSON.stringify(request.body)
  const base = { area: request.area, name: request.name, scale: options.scale }
  /** Percent-encoded, so that autocannon sends the same request line as fetch */
  const url = new URL(request.path, baseUrl).href
  if (request.conditional) {
    const first = await fetch(url, { method: request.method, headers })
    headers['if-none-match'] = first.headers.get('etag') ?? ''
  }
  const expected = request.conditional ? 304 : undefined

  const probe = await fetch(url, { method: request.method, headers, body })
  if (expected ? probe.status !== expected : !probe.ok) {
    return {
      ...base,
      requestsPerSecond: 0,
      p50Ms: 0,
      p99Ms: 0,
      non2xx: 1,
      error: `HTTP ${probe.status}`,
    }
  }

  /** The probe took variant 0; the runs take the next ones in turn (shared by both runs) */
  let next = 1
  const variants = request.variants
  const requests = variants?.length
    ? [
        {
          setupRequest: (sent: any) => {
            const variant = variants[next++ % variants.length]
            return {
              ...sent,
              headers: { ...headers, ...variant.headers },
              body: JSON.stringify(variant.body),
            }
          },
        },
      ]
    : undefined
  const run = (duration: number) =>
    autocannon({
      url,
      method: request.method,
      headers,
      body,
      requests,
      connections: options.connections,
      duration,
    })

  /** Warm-up (JIT, connection pool, PostgreSQL caches), not recorded */
  await run(1)
  const result = await run(options.duration)
  /** A conditional run's expected answers are its 304s: anything else is the error count */
  const unexpected = expected ? result.requests.total - result['3xx'] : result.non2xx
  return {
    ...base,
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: unexpected,
    error:
      result.requests.total === 0
        ? `no response within ${options.duration} s`
        : unexpected > 0
          ? `${unexpected} ${expected ? 'non-304' : 'non-2xx'} responses`
          : undefined,
  }
}
