import vine from '@vinejs/vine'
import { WEBHOOK_SUBSCRIPTIONS } from '#enums/webhook_events'
import { pageField, pageSizeField } from '#validators/rules/pagination'

/** The scheme and the address are checked by the action (the outbound guard), with their own 422 */
const url = () => vine.string().trim().minLength(1).maxLength(2048)
const events = () => vine.array(vine.enum(WEBHOOK_SUBSCRIPTIONS)).minLength(1).distinct()
const description = () => vine.string().trim().maxLength(500).nullable()

/** POST /webhooks */
export const createWebhookValidator = vine.create({
  url: url(),
  events: events(),
  description: description().optional(),
})

/** PATCH /webhooks/:id (only the keys given change) */
export const updateWebhookValidator = vine.create({
  url: url().optional(),
  events: events().optional(),
  description: description().optional(),
  isActive: vine.boolean({ strict: true }).optional(),
})

/** GET /webhooks and GET /webhooks/:id/deliveries */
export const listWebhooksValidator = vine.create({ page: pageField(), perPage: pageSizeField(100) })
