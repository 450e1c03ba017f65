import vine from '@vinejs/vine'
import { MAX_PAGE_SIZE } from '#validators/team'
import { pageField, pageSizeField, yearField } from '#validators/rules/pagination'

/** B5: monthly summaries of the provider */
export const listMonthlyHoursValidator = vine.create({
  year: yearField(),
  search: vine.string().trim().maxLength(255).optional(),
  page: pageField(),
  pageSize: pageSizeField(MAX_PAGE_SIZE),
})

/** B7: a period id is its month, `YYYY-MM` */
export const hoursPeriodValidator = vine.create({
  params: vine.object({ id: vine.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/) }),
})
