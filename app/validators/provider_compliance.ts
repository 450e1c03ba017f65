import vine from '@vinejs/vine'
import { COMPLIANCE_STATUSES, PLATFORM_DATA_TYPES } from '#support/compliance'
import { monthField, pageField, pageSizeField, yearField } from '#validators/rules/pagination'

/** C1 filters */
export const listProviderCompliancesValidator = vine.create({
  year: yearField(),
  month: monthField(),
  status: vine.enum([...COMPLIANCE_STATUSES, 'all'] as const).optional(),
  search: vine.string().trim().maxLength(255).optional(),
})

/** C4 (multipart): the requirement and the file; format and size are checked on the bytes */
export const uploadStepDocumentValidator = vine.create({
  documentRequirementId: vine.string().uuid(),
  file: vine.file(),
})

/** platformData steps: the data types the provider lets the validators read */
export const grantPlatformDataValidator = vine.create({
  dataTypes: vine.array(vine.enum(PLATFORM_DATA_TYPES)).minLength(1).distinct(),
})

/** E7 filters */
export const listTeamCompliancesValidator = vine.create({
  year: yearField(),
  status: vine.enum([...COMPLIANCE_STATUSES, 'all'] as const).optional(),
})

/** E8 */
export const reviewStepValidator = vine.create({
  documentId: vine.string().uuid().optional(),
  action: vine.enum(['approve', 'reject'] as const),
  rejectionReason: vine
    .string()
    .trim()
    .minLength(1)
    .maxLength(2000)
    .optional()
    .requiredWhen('action', '=', 'reject'),
})

/** GET /compliances (borrower side, every provider): filters and paging */
export const listCompanyCompliancesValidator = vine.create({
  year: yearField(),
  month: monthField(),
  status: vine.enum([...COMPLIANCE_STATUSES, 'all'] as const).optional(),
  search: vine.string().trim().maxLength(255).optional(),
  page: pageField(),
  pageSize: pageSizeField(100),
})
