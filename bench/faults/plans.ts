import { sleepUntil } from '#bench/faults/harness'

/** What a fault can break, and mend (bench/faults/harness.ts implements it) */
export interface FaultTargets {
  closeSink(): Promise<void>
  openSink(): Promise<void>
  stopDatabase(): Promise<void>
  startDatabase(): Promise<void>
  /** SIGKILL, resolved once the process has exited */
  killWorker(): Promise<void>
  startWorker(): void
}

/**
 * One row of the faults table: `calls` I5 calls at a steady rate over
 * `spreadSeconds`; `faultAtSeconds` after the first call the fault is
 * armed, and strikes as the next of its e-mails reaches the sink (the
 * worker is then inside a send: the worst moment, the one that can make a
 * duplicate). `inject` resolves when the fault has ended.
 */
export interface FaultPlan {
  key: string
  name: string
  calls: number
  spreadSeconds: number
  faultAtSeconds?: number
  inject?: (targets: FaultTargets) => Promise<void>
}

/** The four faults, with its call counts */
export const FAULT_PLANS: FaultPlan[] = [
  { key: 'none', name: 'none (100 calls)', calls: 100, spreadSeconds: 20 },
  {
    key: 'smtp',
    name: 'SMTP down 36 s (100 calls)',
    calls: 100,
    spreadSeconds: 40,
    faultAtSeconds: 2,
    async inject(targets) {
      const reopenAt = Date.now() + 36_000
      await targets.closeSink()
      await sleepUntil(reopenAt)
      await targets.openSink()
    },
  },
  {
    key: 'postgres',
    name: 'PostgreSQL stopped 20 s (200 calls)',
    calls: 200,
    spreadSeconds: 40,
    faultAtSeconds: 10,
    async inject(targets) {
      const startAt = Date.now() + 20_000
      await targets.stopDatabase()
      await sleepUntil(startAt)
      await targets.startDatabase()
    },
  },
  {
    key: 'kill',
    name: 'worker killed with SIGKILL (50 calls)',
    calls: 50,
    spreadSeconds: 5,
    faultAtSeconds: 1.5,
    /** As a process manager would: started again at once */
    async inject(targets) {
      await targets.killWorker()
      targets.startWorker()
    },
  },
]
