import type Company from '#models/company'
import type User from '#models/user'

/**
 * One named request that autocannon hammers. `headers` carry the bearer
 * token and x-company-id the scenario needs.
 */
export interface BenchRequest {
  name: string
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  path: string
  headers?: Record<string, string>
  body?: unknown
  /**
   * A write that may not repeat (POST /monitoring/entries: one entry per
   * provider and day): each request takes the next variant's headers
   * (merged over `headers`) and body, in turn, the probe the first one.
   */
  variants?: { headers?: Record<string, string>; body?: unknown }[]
  /**
   * A conditional read: the runner first reads the resource's `ETag` and
   * then sends it in `If-None-Match`, so every answer is a `304` (what a
   * client that cached the list pays while nothing changed).
   */
  conditional?: boolean
}

/**
 * What every area's seed receives: a borrower company with its owner, a
 * provider company (legal entity) with its owner, and a way to get an
 * access token for any user.
 */
export interface BenchContext {
  /** 1 for the base volume, 10 for the tenfold run */
  scale: number
  borrower: Company
  borrowerOwner: User
  providerCompany: Company
  providerOwner: User
  /** Bearer token (opens a real session) */
  tokenFor(user: User): Promise<string>
}

/**
 * An area of `npm run bench` (bench/scenarios/<area>.ts). `seed` tops the
 * data up to `scale` times the area's base volume (it is called with 1,
 * then 10, on the same database), using set-based SQL (generate_series or
 * batch inserts), and returns the area's requests.
 */
export interface BenchArea {
  area: string
  seed(context: BenchContext): Promise<BenchRequest[]>
}
