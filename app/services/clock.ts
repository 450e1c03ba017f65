import { DateTime } from 'luxon'

/**
 * The current time, injectable so that tests can freeze it
 * (`app.container.swap(Clock, () => fixed)`).
 */
export default class Clock {
  now(): DateTime {
    return DateTime.now()
  }
}
