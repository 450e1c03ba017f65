/**
 * The arithmetic of `node ace bench:faults` (the faults table): what the
 * API answered to each call against what reached the SMTP sink, matched
 * one by one by subject. No I/O, so a unit test pins it.
 */

/** One I5 call: its subject is unique in the run */
export interface CallRecord {
  subject: string
  /** ms since the epoch */
  startedAt: number
  /** HTTP status, or `error` when no answer came (connection refused, timeout) */
  status: number | 'error'
  /** A non-2xx answer carried a `{message}` */
  hasMessage: boolean
  /** A 2xx answer said the e-mail channel was dispatched (else nothing is expected) */
  dispatched: boolean
}

/** One message at the sink */
export interface Arrival {
  subject: string
  messageId: string
  /** ms since the epoch */
  at: number
}

export interface FaultWindow {
  /** ms since the epoch; equal for a fault that is one instant (a kill) */
  start: number
  end: number
}

export interface FaultRow {
  fault: string
  calls: number
  /** 2xx answers whose e-mail channel was dispatched */
  accepted: number
  /** Messages at the sink, copies included */
  received: number
  /** Copies beyond the first of a subject */
  duplicates: number
  /** Of those copies, how many carried the first copy's Message-ID */
  duplicatesSameMessageId: number
  /** Accepted, never received */
  lost: number
  lostSubjects: string[]
  /** Received although the call got no 2xx (committed, then the answer failed) */
  receivedNotAccepted: number
  /** 2xx answers that dispatched no e-mail (the recipient's gates: a set-up error) */
  acceptedNotDispatched: number
  statuses: Record<string, number>
  /** Statuses of the calls started inside the fault window */
  statusesDuringFault: Record<string, number>
  /** Non-2xx answers without a `{message}` body */
  errorsWithoutMessage: number
  /** How long the fault lasted (0 for an instant: a kill) */
  faultSeconds: number
  /** Messages that arrived after the fault ended, and the first's and last's delay */
  receivedAfterFault: number
  firstArrivalAfterFaultSeconds: number | null
  /** Seconds from the end of the fault to the last message's arrival (null: none arrived) */
  lastArrivalAfterFaultSeconds: number | null
}

const isAccepted = (call: CallRecord) =>
  typeof call.status === 'number' && call.status >= 200 && call.status < 300

function countBy<T>(items: T[], key: (item: T) => string) {
  const counts: Record<string, number> = {}
  for (const item of items) counts[key(item)] = (counts[key(item)] ?? 0) + 1
  return counts
}

/** The row of one fault; `arrivals` may hold other faults' messages (ignored) */
export function tallyFault(
  fault: string,
  calls: CallRecord[],
  arrivals: Arrival[],
  window: FaultWindow
): FaultRow {
  const subjects = new Set(calls.map((call) => call.subject))
  const ours = arrivals.filter((arrival) => subjects.has(arrival.subject))
  const copies = new Map<string, Arrival[]>()
  for (const arrival of ours) {
    copies.set(arrival.subject, [...(copies.get(arrival.subject) ?? []), arrival])
  }

  const accepted = calls.filter((call) => isAccepted(call) && call.dispatched)
  const lostSubjects = accepted.map((call) => call.subject).filter((s) => !copies.has(s))
  const extraCopies = [...copies.values()].flatMap(([first, ...rest]) =>
    rest.map((copy) => copy.messageId === first.messageId)
  )
  const after = ours.filter((arrival) => arrival.at >= window.end).map((arrival) => arrival.at)
  const seconds = (ms: number) => Math.round(ms / 100) / 10
  const status = (call: CallRecord) => String(call.status)

  return {
    fault,
    calls: calls.length,
    accepted: accepted.length,
    received: ours.length,
    duplicates: extraCopies.length,
    duplicatesSameMessageId: extraCopies.filter(Boolean).length,
    lost: lostSubjects.length,
    lostSubjects,
    receivedNotAccepted: calls.filter((call) => !isAccepted(call) && copies.has(call.subject))
      .length,
    acceptedNotDispatched: calls.filter((call) => isAccepted(call) && !call.dispatched).length,
    statuses: countBy(calls, status),
    statusesDuringFault: countBy(
      calls.filter((call) => call.startedAt >= window.start && call.startedAt <= window.end),
      status
    ),
    errorsWithoutMessage: calls.filter((call) => !isAccepted(call) && !call.hasMessage).length,
    faultSeconds: seconds(window.end - window.start),
    receivedAfterFault: after.length,
    firstArrivalAfterFaultSeconds: after.length ? seconds(Math.min(...after) - window.end) : null,
    lastArrivalAfterFaultSeconds: ours.length
      ? seconds(Math.max(...ours.map((arrival) => arrival.at)) - window.end)
      : null,
  }
}

/** What the issue asks of every fault: 0 lost, at most one duplicate, never a 5xx but 503 */
export function problemsOf(row: FaultRow): string[] {
  const problems: string[] = []
  if (row.lost > 0) problems.push(`${row.lost} lost`)
  if (row.duplicates > 1) problems.push(`${row.duplicates} duplicates`)
  if (row.duplicatesSameMessageId < row.duplicates)
    problems.push('a duplicate with a new Message-ID')
  if (row.acceptedNotDispatched > 0) problems.push(`${row.acceptedNotDispatched} not dispatched`)
  if (row.errorsWithoutMessage > 0)
    problems.push(`${row.errorsWithoutMessage} errors without {message}`)
  const serverErrors = Object.keys(row.statuses).filter(
    (status) => status === 'error' || (Number(status) >= 500 && status !== '503')
  )
  if (serverErrors.length) problems.push(`answers ${serverErrors.join(', ')}`)
  return problems
}

const statusList = (statuses: Record<string, number>) =>
  Object.entries(statuses)
    .map(([status, count]) => `${status} x${count}`)
    .join(', ') || '-'

/** The table, measured: markdown */
export function markdownTable(rows: FaultRow[]) {
  const lines = [
    '| Fault | Accepted | Received | Duplicates | Same Message-ID | Lost | Last message after the fault ended | Statuses during the fault |',
    '|---|---|---|---|---|---|---|---|',
  ]
  for (const row of rows) {
    const last =
      row.lastArrivalAfterFaultSeconds === null ? '-' : `${row.lastArrivalAfterFaultSeconds} s`
    lines.push(
      `| ${row.fault} | ${row.accepted} | ${row.received} | ${row.duplicates} | ${row.duplicatesSameMessageId} | ${row.lost} | ${last} | ${statusList(row.statusesDuringFault)} |`
    )
  }
  return lines.join('\n')
}
