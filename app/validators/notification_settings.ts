import vine from '@vinejs/vine'
import {
  CHANNEL_FLAGS,
  CONFIGURABLE_NOTIFICATION_TYPES,
  MANDATORY_NOTIFICATION_TYPES,
} from '#enums/notifications'
import { knownKeysRule } from '#validators/rules/known_keys'

/** A Channels object: any of the four boolean flags, nothing else */
const channelFlags = () =>
  vine
    .object(
      Object.fromEntries(
        CHANNEL_FLAGS.map((flag) => [flag, vine.boolean({ strict: true }).optional()])
      )
    )
    .allowUnknownProperties()
    .use(knownKeysRule({ allowed: CHANNEL_FLAGS }))

/** I7: the user's own channel flags in the context company */
export const updateNotificationPreferencesValidator = vine.create({ channels: channelFlags() })

/** I9: the company's allowed channels and type overrides */
export const updateCompanyNotificationSettingsValidator = vine.create({
  allowedChannels: channelFlags(),
  types: vine.record(vine.boolean({ strict: true })).use(
    knownKeysRule({
      allowed: CONFIGURABLE_NOTIFICATION_TYPES,
      refused: {
        keys: MANDATORY_NOTIFICATION_TYPES,
        message: 'The notification type "{{ key }}" is mandatory and cannot be configured',
      },
    })
  ),
})
