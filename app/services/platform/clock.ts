import { DateTime } from 'luxon'

/**
 * The current instant, injectable so tests can freeze "now":
 * `app.container.swap(Clock, () => new FixedClock(instant))`.
 */
export default class Clock {
  now(): DateTime {
    return DateTime.utc()
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
}
