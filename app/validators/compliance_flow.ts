import vine from '@vinejs/vine'
import { pageField, pageSizeField } from '#validators/rules/pagination'
import {
  DOCUMENT_FORMATS,
  FLOW_STATUSES,
  FREQUENCIES,
  PLATFORM_DATA_TYPES,
  STEP_TYPES,
} from '#support/compliance'

const ACCEPTED_FORMATS = DOCUMENT_FORMATS.flatMap((format) => [format, format.slice(1)])

const schedule = vine.object({
  frequency: vine.enum(FREQUENCIES),
  dayStart: vine.number().withoutDecimals().range([1, 31]),
  dayEnd: vine.number().withoutDecimals().range([1, 31]),
  monthStart: vine.number().withoutDecimals().range([1, 12]).nullable().optional(),
  monthEnd: vine.number().withoutDecimals().range([1, 12]).nullable().optional(),
})

const requirementFields = {
  name: vine.string().trim().minLength(1).maxLength(255),
  description: vine.string().trim().maxLength(2000).nullable().optional(),
  required: vine.boolean().optional(),
  /** `.pdf` or `pdf`, stored as `.pdf`; omitted = every accepted format */
  formats: vine
    .array(
      vine
        .string()
        .trim()
        .toLowerCase()
        .in(ACCEPTED_FORMATS)
        .transform((value) => (value.startsWith('.') ? value : `.${value}`))
    )
    .minLength(1)
    .distinct()
    .optional()
    .meta({ description: 'Omitted: every accepted format' }),
}

/** D3: the service generates every id, so ids sent by the client (draft ids of a form) are dropped */
const newRequirement = vine.object(requirementFields)
/** D4: an id names the requirement kept */
const requirement = vine.object({ id: vine.string().uuid().optional(), ...requirementFields })

const validator = vine.object({
  userId: vine.string().uuid(),
  name: vine.string().optional(),
  avatar: vine.string().nullable().optional(),
})

const stepFieldsWith = (documents: typeof requirement | typeof newRequirement) => ({
  title: vine.string().trim().minLength(1).maxLength(255),
  order: vine.number().withoutDecimals().min(0).optional(),
  stepType: vine.enum(STEP_TYPES),
  schedule,
  documents: vine.array(documents).maxLength(50).optional(),
  platformDataTypes: vine.array(vine.enum(PLATFORM_DATA_TYPES)).distinct().optional(),
  validators: vine.array(validator).maxLength(50).optional(),
  dependsOnPrevious: vine.boolean().optional(),
  includeImmediateLeadership: vine.boolean().optional(),
  onlyImmediateLeadershipRequired: vine.boolean().optional(),
  allValidatorsRequired: vine
    .boolean()
    .optional()
    .meta({ description: 'Forces onlyImmediateLeadershipRequired' }),
})

const newStep = vine.object(stepFieldsWith(newRequirement))

/** D4: a full step (with or without id) or `{id, order}` (position only) */
const isOrderOnly = (value: unknown) =>
  vine.helpers.isObject(value) &&
  Object.keys(value).every((key) => key === 'id' || key === 'order') &&
  'id' in value

const replacingStep = vine.union([
  vine.union.if(
    isOrderOnly,
    vine.object({
      id: vine.string().uuid(),
      order: vine.number().withoutDecimals().min(0).optional(),
    })
  ),
  vine.union.else(
    vine.object({
      id: vine.string().uuid().optional().meta({ description: 'an existing step to update' }),
      ...stepFieldsWith(requirement),
    })
  ),
])

export const createComplianceFlowValidator = vine.create({
  name: vine.string().trim().minLength(1).maxLength(255),
  description: vine.string().trim().maxLength(5000).nullable().optional(),
  steps: vine.array(newStep).maxLength(50).optional(),
})

export const updateComplianceFlowValidator = vine.create({
  name: vine.string().trim().minLength(1).maxLength(255).optional(),
  description: vine.string().trim().maxLength(5000).nullable().optional(),
  status: vine.enum(FLOW_STATUSES).optional(),
  steps: vine.array(replacingStep).maxLength(50).optional(),
})

export const listComplianceFlowsValidator = vine.create({
  search: vine.string().trim().maxLength(255).optional(),
  status: vine.enum([...FLOW_STATUSES, 'all'] as const).optional(),
  page: pageField(),
  perPage: pageSizeField(100),
})

/** GET /compliance-flows/:id/providers: a page of the attached providers */
export const listFlowProvidersValidator = vine.create({
  page: pageField(),
  perPage: pageSizeField(100),
})

export const attachProvidersValidator = vine.create({
  providerIds: vine.array(vine.string().uuid()).minLength(1).maxLength(500).distinct(),
})

export const availableProvidersValidator = vine.create({
  search: vine.string().trim().maxLength(255).optional(),
})

/** D9 / E10 (400 on failure, spec) */
export const attachmentsValidator = vine.create({
  attachments: vine
    .array(
      vine.object({ providerId: vine.string().uuid(), complianceFlowId: vine.string().uuid() })
    )
    .minLength(1)
    .maxLength(1000),
})

const stepLeaderships = vine
  .array(
    vine.object({
      stepId: vine.string().uuid(),
      immediateLeadershipIds: vine.array(vine.string().uuid()).maxLength(20).distinct(),
    })
  )
  .maxLength(50)

/** E11 */
export const attachFlowToProviderValidator = vine.create({
  complianceFlowId: vine.string().uuid(),
  stepLeaderships: stepLeaderships.optional(),
})

/** E12 */
export const updateStepLeadershipsValidator = vine.create({ stepLeaderships })

export type NewStepInput = Exclude<
  Awaited<ReturnType<typeof createComplianceFlowValidator.validate>>['steps'],
  undefined
>[number]
export type ReplacingStepInput = Exclude<
  Awaited<ReturnType<typeof updateComplianceFlowValidator.validate>>['steps'],
  undefined
>[number]
