import vine from '@vinejs/vine'
import { pageField, pageSizeField } from '#validators/rules/pagination'
import type { FieldContext } from '@vinejs/vine/types'
import {
  isoDateField,
  localDateRule,
  pastInstantRule,
  type HoursMeta,
} from '#validators/rules/time'
import { MAX_DAY_MINUTES } from '#support/hours'
import { MAX_PAGE_SIZE } from '#validators/team'

/**
 * Geolocation is required from the mobile app, and all-or-nothing
 * otherwise (capturedAt, latitude and longitude together).
 */
const geolocationRequired = (field: FieldContext) => {
  const data = field.parent as Record<string, unknown>
  return (
    (field.meta as HoursMeta).mobile ||
    ['capturedAt', 'latitude', 'longitude'].some((key) => data[key] !== undefined)
  )
}

export const geolocationFields = {
  capturedAt: vine
    .string()
    .trim()
    .use(pastInstantRule())
    .optional()
    .requiredWhen(geolocationRequired)
    .meta({ description: 'ISO 8601 UTC, not in the future' }),
  latitude: vine
    .number({ strict: true })
    .min(-90)
    .max(90)
    .optional()
    .requiredWhen(geolocationRequired),
  longitude: vine
    .number({ strict: true })
    .min(-180)
    .max(180)
    .optional()
    .requiredWhen(geolocationRequired),
  locationAccuracy: vine
    .number({ strict: true })
    .min(0)
    .max(100_000)
    .optional()
    .meta({ description: 'meters' }),
}

export const taskFields = vine
  .array(
    vine.object({
      description: vine.string().trim().minLength(1).maxLength(500),
      durationMinutes: vine.number({ strict: true }).withoutDecimals().min(1).max(MAX_DAY_MINUTES),
    })
  )
  .minLength(1)
  .maxLength(50)

/** POST and PUT /monitoring/entries: PUT replaces the whole entry */
export const saveWorkEntryValidator = vine.withMetaData<HoursMeta>().create({
  providerId: vine.string().uuid().optional(),
  date: vine.string().trim().use(localDateRule()),
  reason: vine.string().trim().maxLength(1000).optional(),
  tasks: taskFields,
  ...geolocationFields,
})

export const listWorkEntriesValidator = vine.create({
  startDate: isoDateField().optional(),
  endDate: isoDateField().optional(),
  page: pageField(),
  pageSize: pageSizeField(MAX_PAGE_SIZE),
})
