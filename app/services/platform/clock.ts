import { DateTime } from 'luxon'

/**
 * The current instant, injectable so tests can freeze "now":
 * `app.container.swap(Clock, () => new FixedClock(instant))`.
 */
export default class Clock {
  now(): DateTime {
    return DateTime.utc()
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
}
