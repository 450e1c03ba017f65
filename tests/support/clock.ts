import app from '@adonisjs/core/services/app'
import { DateTime } from 'luxon'
import Clock, { FixedClock } from '#services/platform/clock'

/**
 * Freezes the injected clock at an ISO instant, keeping its offset as the
 * zone; returns the undo, so `group.each.setup(() => freezeClock(NOW))`
 * restores it after each test.
 */
export function freezeClock(iso: string) {
  app.container.swap(Clock, () => new FixedClock(DateTime.fromISO(iso, { setZone: true })))
  return restoreClock
}

/** Back to the real clock */
export function restoreClock() {
  app.container.restore(Clock)
}
