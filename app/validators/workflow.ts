import vine from '@vinejs/vine'
import { WORKFLOW_COMPANY_ROLES } from '#enums/contract_status'
import { STEP_KEYS } from '#support/contract_rules'
import { pageField, pageSizeField } from '#validators/rules/pagination'

/** POST /workflows and PUT /workflows/:id (PUT replaces the workflow) */
export const saveWorkflowValidator = vine.create({
  name: vine.string().trim().minLength(1).maxLength(255),
  companyRole: vine.enum(WORKFLOW_COMPANY_ROLES),
  deadlineDays: vine.number().withoutDecimals().min(1).max(365).optional().nullable(),
  steps: vine
    .array(
      vine.object({
        key: vine.enum(STEP_KEYS),
        name: vine.string().trim().minLength(1).maxLength(100),
      })
    )
    .maxLength(STEP_KEYS.length)
    .distinct('key')
    .optional(),
})

export const listWorkflowsValidator = vine.create({
  search: vine.string().trim().maxLength(100).optional(),
  page: pageField(),
  perPage: pageSizeField(100),
})
