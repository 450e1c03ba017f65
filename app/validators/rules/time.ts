import vine from '@vinejs/vine'
import type { FieldContext } from '@vinejs/vine/types'
import { DateTime } from 'luxon'
import { ENTRY_WINDOW_DAYS, inZone } from '#support/hours'

/**
 * Meta data of the hours validators, computed by the controller from the
 * clock and the company timezone.
 */
export interface HoursMeta {
  /** The request comes from the mobile app (X-Client-Platform: ios | android) */
  mobile: boolean
  /** The current instant (ISO, UTC) */
  now: string
  /** Earliest and latest local dates accepted for `date` */
  minDate?: string
  maxDate: string
}

/** Devices' clocks drift: an instant up to this far ahead still counts as "now" */
export const CLOCK_SKEW_SECONDS = 60

const LOCAL_DATE = /^\d{4}-\d{2}-\d{2}$/
const UTC_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|\+00:00)$/

/** A calendar date (YYYY-MM-DD) within the meta's [minDate, maxDate] */
export const localDateRule = vine.createRule(
  (value: unknown, _o: undefined, field: FieldContext) => {
    if (typeof value !== 'string') return
    const meta = field.meta as HoursMeta
    if (!LOCAL_DATE.test(value) || !DateTime.fromISO(value).isValid) {
      field.report('The {{ field }} field must be a date (YYYY-MM-DD)', 'date', field)
    } else if (value > meta.maxDate) {
      field.report('The {{ field }} field must not be after {{ max }}', 'date.max', field, {
        max: meta.maxDate,
      })
    } else if (meta.minDate && value < meta.minDate) {
      field.report('The {{ field }} field must not be before {{ min }}', 'date.min', field, {
        min: meta.minDate,
      })
    }
  }
)

/** An ISO 8601 UTC instant that is not in the future */
export const pastInstantRule = vine.createRule(
  (value: unknown, _o: undefined, field: FieldContext) => {
    if (typeof value !== 'string') return
    const instant = DateTime.fromISO(value, { zone: 'utc' })
    if (!UTC_INSTANT.test(value) || !instant.isValid) {
      field.report('The {{ field }} field must be an ISO 8601 UTC timestamp', 'utcInstant', field)
      return
    }
    const now = DateTime.fromISO((field.meta as HoursMeta).now)
    if (instant > now.plus({ seconds: CLOCK_SKEW_SECONDS })) {
      field.report('The {{ field }} field must not be in the future', 'pastInstant', field)
    }
  }
)

const validDateRule = vine.createRule((value: unknown, _o: undefined, field: FieldContext) => {
  if (typeof value !== 'string') return
  if (!LOCAL_DATE.test(value) || !DateTime.fromISO(value).isValid) {
    field.report('The {{ field }} field must be a date (YYYY-MM-DD)', 'date', field)
  }
})

/** A YYYY-MM-DD date, without bounds (list filters) */
export const isoDateField = () => vine.string().trim().use(validDateRule())

/** Request shape needed to build the hours meta (kept structural for tests) */
interface HoursRequest {
  header(name: string): string | undefined
}

/**
 * The meta of a work entry (`entry`: today and the previous
 * ENTRY_WINDOW_DAYS days) or of a retroactive request (`retroactive`:
 * any day before today), in the company timezone.
 */
export function hoursMeta(
  request: HoursRequest,
  now: DateTime,
  timezone: string,
  kind: 'entry' | 'retroactive'
): HoursMeta {
  const platform = request.header('x-client-platform')?.trim().toLowerCase()
  const today = inZone(now, timezone).startOf('day')
  return {
    mobile: platform === 'ios' || platform === 'android',
    now: now.toUTC().toISO()!,
    minDate: kind === 'entry' ? today.minus({ days: ENTRY_WINDOW_DAYS }).toISODate()! : undefined,
    maxDate: (kind === 'entry' ? today : today.minus({ days: 1 })).toISODate()!,
  }
}
