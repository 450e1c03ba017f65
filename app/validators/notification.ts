import vine from '@vinejs/vine'
import { DELIVERY_CHANNELS, NOTIFICATION_SCOPES } from '#enums/notifications'
import { pageField, pageSizeField } from '#validators/rules/pagination'

export const listNotificationsValidator = vine.create({
  scope: vine.enum([...NOTIFICATION_SCOPES, 'all'] as const).optional(),
  isRead: vine.boolean().optional(),
  page: pageField(),
  perPage: pageSizeField(50),
})

export const sendCustomNotificationValidator = vine.create({
  sendTo: vine.string().trim().uuid(),
  message: vine
    .string()
    .maxLength(5000)
    .meta({ description: 'HTML: p, strong, br (anything else removed)' }),
  platforms: vine.array(vine.enum(DELIVERY_CHANNELS)).minLength(1).distinct(),
  title: vine.string().trim().maxLength(255).optional(),
  sender: vine
    .object({
      name: vine.string().trim().minLength(1).maxLength(120).optional(),
      role: vine.string().trim().minLength(1).maxLength(60).optional(),
    })
    .optional(),
})

/** `node ace notifications:broadcast` flags: a company id or `all`, the title and the message */
export const broadcastSystemAlertValidator = vine.create({
  company: vine.union([
    vine.union.if((value: unknown) => value === 'all', vine.literal('all')),
    vine.union.else(vine.string().trim().uuid()),
  ]),
  title: vine.string().trim().minLength(1).maxLength(255),
  message: vine.string().trim().minLength(1).maxLength(5000),
})
