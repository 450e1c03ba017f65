import vine from '@vinejs/vine'
import type { FieldContext } from '@vinejs/vine/types'
import { CONTRACT_STATUSES, CONTRACT_TYPES, PART_ROLES } from '#enums/contract_status'
import { STATUS_COMMANDS, STEP_KEYS } from '#support/contract_rules'
import { BRL_PATTERN } from '#support/money'
import { UUID_V4 } from '#support/uuid'
import { pageField, pageSizeField } from '#validators/rules/pagination'

const uuidV4 = () => vine.string().trim().regex(UUID_V4)

/** Exactly one of companyId / userId on a part (implicit: runs when absent) */
const onePartyRule = vine.createRule(
  (value: unknown, _options: undefined, field: FieldContext) => {
    const parent = field.parent as { userId?: unknown }
    const hasCompany = value !== undefined && value !== null
    const hasUser = parent.userId !== undefined && parent.userId !== null
    if (hasCompany === hasUser) {
      field.report('A part needs exactly one of companyId or userId', 'oneParty', field)
    }
  },
  { implicit: true }
)

const formats = () =>
  vine
    .array(
      vine
        .string()
        .trim()
        .toLowerCase()
        .regex(/^\.?[a-z0-9]{1,10}$/)
    )
    .maxLength(20)

const part = vine
  .object({
    role: vine.enum(PART_ROLES).optional().meta({
      description: 'only NEUTRAL is honoured; the others come from the workflow perspective',
    }),
    companyId: uuidV4().use(onePartyRule()).optional().nullable(),
    userId: uuidV4().optional().nullable(),
    value: vine.string().trim().maxLength(50).regex(BRL_PATTERN).optional().nullable(),
    contractType: vine.enum(CONTRACT_TYPES).optional().nullable(),
    monthlyHours: vine.number().withoutDecimals().min(0).max(744).optional().nullable(),
  })
  .meta({
    description: 'exactly one of companyId / userId, linked to the context company (else 422)',
  })

const document = vine.object({
  id: uuidV4().optional(),
  name: vine.string().trim().minLength(1).maxLength(255),
  description: vine.string().trim().maxLength(2000).optional().nullable(),
  isDownload: vine.boolean(),
  isRequired: vine.boolean().optional(),
  acceptedFormats: formats().optional(),
  /** Bytes; default 10 MB, at most 25 MB (the multipart limit) */
  maxFileSize: vine
    .number()
    .withoutDecimals()
    .min(1)
    .max(25 * 1024 * 1024)
    .optional(),
})

const variableValue = vine.object({
  id: uuidV4().optional(),
  name: vine.string().trim().minLength(1).maxLength(100),
  type: vine.string().trim().maxLength(30).optional(),
  source: vine.string().trim().maxLength(30).optional(),
  required: vine.boolean().optional(),
  value: vine.string().maxLength(10_000).optional().nullable(),
  additional: vine.any().optional(),
  partId: uuidV4().optional().nullable(),
  groupId: uuidV4().optional().nullable(),
})

const partGroup = vine.object({
  id: uuidV4().optional(),
  name: vine.string().trim().minLength(1).maxLength(255),
  partIds: vine.array(uuidV4()).maxLength(100).optional(),
})

const reviewer = vine.object({
  id: uuidV4().optional(),
  userId: uuidV4(),
  isRequired: vine.boolean().optional(),
  order: vine.number().withoutDecimals().min(0).optional(),
})

export const signatureGroup = vine.object({
  id: uuidV4().optional(),
  name: vine.string().trim().minLength(1).maxLength(255),
  order: vine.number().withoutDecimals().min(1).optional(),
  isPartGroup: vine.boolean().optional().meta({
    description: "without members, filled with the provider parts' signers at start",
  }),
  members: vine
    .array(
      vine
        .object({
          id: uuidV4().optional(),
          userId: uuidV4().optional().nullable(),
          name: vine.string().trim().maxLength(255).optional(),
          email: vine.string().trim().email().maxLength(255).optional(),
          order: vine.number().withoutDecimals().min(1).optional(),
        })
        .meta({
          description:
            'userId (a user linked to the context company, else 422 naming it), or name and email (an external signer)',
        })
    )
    .maxLength(100)
    .optional(),
})

const step = vine
  .object({
    key: vine.enum(STEP_KEYS),
    status: vine.string().trim().maxLength(30).optional(),
    progress: vine.number().min(0).max(100).optional(),
  })
  .allowUnknownProperties()

/** H3 / H4: the save payload (every field but `name` optional: partial saves) */
export const saveContractValidator = vine.create({
  name: vine.string().trim().minLength(1).maxLength(255),
  workflowId: uuidV4().optional().nullable(),
  status: vine.string().optional().meta({ description: 'ignored' }),
  ref: vine.string().trim().maxLength(100).optional().nullable(),
  description: vine.string().trim().maxLength(5000).optional().nullable(),
  startDate: vine
    .date({ formats: ['YYYY-MM-DD'] })
    .optional()
    .nullable(),
  endDate: vine
    .date({ formats: ['YYYY-MM-DD'] })
    .afterOrSameAs('startDate')
    .optional()
    .nullable(),
  progress: vine.number().withoutDecimals().min(0).max(100).optional(),
  currentStep: vine
    .object({ key: vine.enum(STEP_KEYS), index: vine.number().withoutDecimals().min(0) })
    .optional()
    .nullable(),
  steps: vine.array(step).maxLength(20).optional(),
  parts: vine.array(part).maxLength(100).optional(),
  selectedTemplate: vine.object({ id: uuidV4() }).allowUnknownProperties().optional().nullable(),
  modelConfig: vine
    .object({
      templateId: uuidV4().optional().nullable(),
      partGroups: vine.array(partGroup).maxLength(50).optional(),
      variableAssignments: vine.array(vine.any()).maxLength(500).optional(),
    })
    .allowUnknownProperties()
    .optional()
    .nullable(),
  variableValues: vine.array(variableValue).maxLength(500).optional(),
  partGroups: vine.array(partGroup).maxLength(50).optional(),
  documents: vine.array(document).maxLength(100).optional(),
  revisionConfig: vine
    .object({ reviewers: vine.array(reviewer).maxLength(50) })
    .optional()
    .nullable(),
  signatureConfig: vine
    .object({ groups: vine.array(signatureGroup).maxLength(20) })
    .optional()
    .nullable(),
})

/** Load-more of a board column stops where its total stops being exact */
const BOARD_OFFSET_MAX = 1000
const BOARD_PER_COLUMN_MAX = 50

/** `status=a&status=b` or `status=a,b` */
function toList(value: unknown) {
  if (value === undefined || value === null || value === '') return undefined
  const items = Array.isArray(value) ? value : [value]
  return items.flatMap((item) => String(item).split(',')).map((item) => item.trim())
}

function toNumber(value: unknown) {
  return value === undefined || value === null || value === '' ? undefined : Number(value)
}

const filters = {
  search: vine.string().trim().maxLength(100).optional(),
  status: vine.array(vine.enum(CONTRACT_STATUSES)).parse(toList).optional(),
  progress: vine.enum([20, 40, 60, 80, 100]).parse(toNumber).optional(),
  ref: vine.string().trim().maxLength(100).optional(),
}

export const listContractsValidator = vine.create({
  ...filters,
  page: pageField(),
  perPage: pageSizeField(100),
})

/**
 * H2: `column` + `offset` load more cards of ONE column (the cards after
 * the first `offset` ones of that status); `offset` needs a `column`;
 * `perColumn` (1-50) is the number of cards per column.
 */
export const boardContractsValidator = vine.create({
  ...filters,
  column: vine.enum(CONTRACT_STATUSES).optional().requiredIfExists('offset'),
  offset: vine.number().withoutDecimals().min(0).max(BOARD_OFFSET_MAX).optional(),
  perColumn: vine.number().withoutDecimals().min(1).max(BOARD_PER_COLUMN_MAX).optional(),
})

/** H9: uppercase commands only */
export const changeContractStatusValidator = vine.create({ status: vine.enum(STATUS_COMMANDS) })

/** H8: the step key comes from the path */
export const completeStepValidator = vine.create({
  params: vine.object({ stepKey: vine.enum(STEP_KEYS) }),
})

export const cancelContractValidator = vine.create({
  reason: vine.string().trim().maxLength(2000).optional().nullable(),
})
