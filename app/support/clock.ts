import app from '@adonisjs/core/services/app'
import { DateTime } from 'luxon'

/**
 * The current instant, injectable so tests can freeze "now":
 * `useClock(new FixedClock(instant))` (tests/support/clock.ts).
 */
export default class Clock {
  now(): DateTime {
    return DateTime.utc()
  }

  /**
   * The same instant in milliseconds since the epoch, without building a
   * DateTime: what every request's token, session and cache checks compare
   * (their three DateTimes were 2% of a cached read's CPU)
   */
  millis(): number {
    return Date.now()
  }

  /**
   * The same instant in the process zone, the zone Lucid reads timestamps
   * back in: a value stamped with it serialises in a response as it will
   * when read again (what `DateTime.now()` gave the code that stamps
   * records; comparisons and arithmetic do not depend on the zone).
   */
  local(): DateTime {
    return this.now().toLocal()
  }
}

/** A clock stopped at one instant (tests, bench) */
export class FixedClock extends Clock {
  constructor(private instant: DateTime) {
    super()
  }

  now(): DateTime {
    return this.instant
  }

  millis(): number {
    return this.instant.toMillis()
  }
}

/**
 * The clock of the code that cannot take it by injection (model getters,
 * module-level services). The container resolves asynchronously and keeps
 * its swaps private, so the one seam that swaps the container's Clock,
 * `useClock`, sets this one too: both read the same instant.
 */
let current: Clock = new Clock()

/** Swaps the Clock for the container and for `nowUtc()` (tests, bench) */
export function useClock(clock: Clock) {
  current = clock
  app.container.swap(Clock, () => clock)
}

/** Back to the real clock, in the container and for `nowUtc()` */
export function restoreClock() {
  current = new Clock()
  app.container.restore(Clock)
}

/** The current instant (UTC) of the bound clock */
export function nowUtc(): DateTime {
  return current.now()
}

/** The current instant of the bound clock in milliseconds since the epoch (see `Clock.millis`) */
export function nowMillis(): number {
  return current.millis()
}

/** The current instant in the process zone (see `Clock.local`) */
export function nowLocal(): DateTime {
  return current.local()
}

/**
 * Real wall time in the process zone, never frozen by `useClock`: for the
 * outbox (delivery worker, outbox admin), whose rows PostgreSQL's `now()`
 * stamps, so a frozen Clock would leave deliveries never due. Everything
 * else reads the Clock.
 */
export function wallNow(): DateTime {
  return DateTime.now()
}
