import vine from '@vinejs/vine'
import { localDateRule, type HoursMeta } from '#validators/rules/time'
import { geolocationFields, taskFields } from '#validators/work_entry'
import { RETROACTIVE_STATUSES } from '#enums/retroactive_status'
import { MAX_PAGE_SIZE } from '#validators/team'
import { pageField, pageSizeField } from '#validators/rules/pagination'

export const createRetroactiveRequestValidator = vine.withMetaData<HoursMeta>().create({
  providerId: vine.string().uuid().optional(),
  date: vine.string().trim().use(localDateRule()),
  reason: vine.string().trim().minLength(1).maxLength(1000),
  tasks: taskFields,
  ...geolocationFields,
})

export const listRetroactiveRequestsValidator = vine.create({
  status: vine.enum(RETROACTIVE_STATUSES).optional(),
  page: pageField(),
  pageSize: pageSizeField(MAX_PAGE_SIZE),
})

export const declineRetroactiveRequestValidator = vine.create({
  declineReason: vine.string().trim().minLength(1).maxLength(1000),
})
