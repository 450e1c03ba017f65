import { readdirSync, readFileSync } from 'node:fs'

/**
 * The CPU the measured processes spend, read from Linux's /proc: the API
 * process the bench started, and every PostgreSQL process of the host
 * (the embedded cluster's, or a local server's). A mixed run is bound by
 * CPU, the API's first (docs/decisions.md), so its ms a request say more
 * than req/s on a machine whose speed drifts. Elsewhere (no /proc) there
 * are no figures.
 */
export interface CpuReading {
  /** CPU seconds of the API process so far (null: not known) */
  api: number | null
  /** CPU seconds of the host's PostgreSQL processes alive now */
  postgres: number
}

/** /proc's clock ticks a second (USER_HZ, 100 on Linux whatever the kernel's own) */
const TICKS_PER_SECOND = 100

/**
 * A /proc/<pid>/stat line's command name and its user + system CPU seconds
 * (fields 14 and 15; the name, in parentheses, may hold spaces)
 */
export function parseProcStat(line: string): { command: string; seconds: number } | null {
  const open = line.indexOf('(')
  const close = line.lastIndexOf(')')
  if (open < 0 || close < open) return null
  const fields = line
    .slice(close + 2)
    .trim()
    .split(' ')
  const [user, system] = [Number(fields[11]), Number(fields[12])]
  if (!Number.isFinite(user) || !Number.isFinite(system)) return null
  return { command: line.slice(open + 1, close), seconds: (user + system) / TICKS_PER_SECOND }
}

function procStat(pid: string) {
  try {
    return parseProcStat(readFileSync(`/proc/${pid}/stat`, 'utf8'))
  } catch {
    return null
  }
}

/** The CPU spent so far by `apiPid` and the host's PostgreSQL processes; null without /proc */
export function readCpu(apiPid?: number): CpuReading | null {
  let pids: string[]
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name))
  } catch {
    return null
  }
  let postgres = 0
  for (const pid of pids) {
    const stat = procStat(pid)
    if (stat?.command === 'postgres') postgres += stat.seconds
  }
  const api = apiPid === undefined ? null : (procStat(String(apiPid))?.seconds ?? null)
  return { api, postgres }
}

/** CPU ms a request between two readings (a process that ended between them is not counted) */
export interface CpuPerRequest {
  apiMs: number | null
  postgresMs: number
}

export function cpuPerRequest(
  before: CpuReading | null,
  after: CpuReading | null,
  requests: number
): CpuPerRequest | undefined {
  if (!before || !after || requests <= 0) return undefined
  const perRequest = (seconds: number) => Math.round((seconds * 1000 * 100) / requests) / 100
  return {
    apiMs: before.api === null || after.api === null ? null : perRequest(after.api - before.api),
    postgresMs: perRequest(Math.max(0, after.postgres - before.postgres)),
  }
}
