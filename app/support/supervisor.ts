import type { ChildProcess } from 'node:child_process'

export interface SupervisorOptions {
  /** Called before each restart with the exit code (or signal) and the delay */
  onRestart: (exit: number | string, delayMs: number) => void
  /** First delay; doubles while the child keeps dying within `stableMs` of its start */
  baseDelayMs?: number
  maxDelayMs?: number
  stableMs?: number
}

/**
 * Keeps a child process running (development): when it exits, says so and
 * starts it again, backing off while it crashes right after starting.
 * stop() ends the supervision and returns the current child (to kill).
 */
export function supervise(start: () => ChildProcess, options: SupervisorOptions) {
  const { baseDelayMs = 1000, maxDelayMs = 30_000, stableMs = 10_000 } = options
  let stopped = false
  let delayMs = baseDelayMs
  let timer: NodeJS.Timeout | undefined
  let current: ChildProcess

  const launch = () => {
    const startedAt = performance.now()
    current = start()
    current.once('exit', (code, signal) => {
      if (stopped) return
      delayMs = performance.now() - startedAt >= stableMs ? baseDelayMs : delayMs
      options.onRestart(code ?? signal ?? 'unknown', delayMs)
      timer = setTimeout(launch, delayMs)
      delayMs = Math.min(delayMs * 2, maxDelayMs)
    })
  }
  launch()

  return {
    get child() {
      return current
    },
    stop() {
      stopped = true
      clearTimeout(timer)
      return current
    },
  }
}
