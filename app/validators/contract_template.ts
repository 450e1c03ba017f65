import vine from '@vinejs/vine'
import { pageField, pageSizeField } from '#validators/rules/pagination'

/** POST /templates and PUT /templates/:id (PUT replaces the template) */
export const saveTemplateValidator = vine.create({
  name: vine.string().trim().minLength(1).maxLength(255),
  description: vine.string().trim().maxLength(2000).optional().nullable(),
  html: vine.string().minLength(1).maxLength(500_000),
  variables: vine
    .array(
      vine.object({
        name: vine
          .string()
          .trim()
          .regex(/^[A-Za-z_][\w.-]*$/)
          .maxLength(100),
        label: vine.string().trim().maxLength(255).optional().nullable(),
        type: vine.string().trim().maxLength(30).optional(),
        source: vine.string().trim().maxLength(30).optional(),
        required: vine.boolean().optional(),
      })
    )
    .maxLength(500)
    .distinct('name')
    .optional(),
})

export const listTemplatesValidator = vine.create({
  search: vine.string().trim().maxLength(100).optional(),
  page: pageField(),
  perPage: pageSizeField(100),
})
