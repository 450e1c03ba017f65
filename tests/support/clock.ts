import { DateTime } from 'luxon'
import { FixedClock, restoreClock, useClock } from '#services/platform/clock'

/**
 * Freezes the clock (the injected Clock and `nowUtc()`) at an ISO instant,
 * keeping its offset as the zone; returns the undo, so
 * `group.each.setup(() => freezeClock(NOW))` restores it after each test.
 */
export function freezeClock(iso: string) {
  useClock(new FixedClock(DateTime.fromISO(iso, { setZone: true })))
  return restoreClock
}

export { restoreClock }
