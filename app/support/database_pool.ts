import { availableParallelism } from 'node:os'

/**
 * The connections of each of an API process's two pools when DB_POOL_MAX
 * is unset: twice the host's cores, at least 4 and at most 10.
 * - PostgreSQL does most work with about twice its cores of active
 *   sessions. More sessions on the same cores wait on each other.
 * - Measured with the mix on 2 cores, where PostgreSQL shares the host:
 *   20 connections a pool cost 2.3 ms of machine a request, and 2-4 cost
 *   1.8-2.0 ms, with 13-26% more requests a second. Most lists with the
 *   cache off served 13-29% more (docs/reports/bench.md, session 23).
 * - At least 4: writes hold a connection for their whole transaction, and
 *   the reads queued behind them need the rest.
 * - At most 10, the default before: several processes share one server's
 *   `max_connections`.
 * An operator whose PostgreSQL runs on a larger server sets DB_POOL_MAX to
 * about its cores (docs/operations.md).
 */
export function defaultPoolMax(cores: number = availableParallelism()): number {
  return Math.min(Math.max(2 * cores, 4), 10)
}
