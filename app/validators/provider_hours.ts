import vine from '@vinejs/vine'
import { MAX_PAGE_SIZE } from '#validators/team'

/** B5: monthly summaries of the provider */
export const listMonthlyHoursValidator = vine.compile(
  vine.object({
    year: vine.number().withoutDecimals().min(2000).max(2100).optional(),
    search: vine.string().trim().maxLength(255).optional(),
    page: vine.number().withoutDecimals().min(1).optional(),
    pageSize: vine.number().withoutDecimals().min(1).max(MAX_PAGE_SIZE).optional(),
  })
)

/** B7: a period id is its month, `YYYY-MM` */
export const hoursPeriodValidator = vine.compile(
  vine.object({
    params: vine.object({ id: vine.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/) }),
  })
)
