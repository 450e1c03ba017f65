/**
 * Notification vocabulary (spec: Notification resource, Events, I5-I9).
 */
export const NOTIFICATION_SCOPES = ['company', 'contract', 'personal', 'role', 'action'] as const
export type NotificationScope = (typeof NOTIFICATION_SCOPES)[number]

export const NOTIFICATION_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const
export type NotificationPriority = (typeof NOTIFICATION_PRIORITIES)[number]

export const NOTIFICATION_TYPES = [
  'contract_created',
  'contract_published',
  'contract_signed',
  'contract_completed',
  'contract_cancelled',
  'signatory_added',
  'signature_requested',
  'signature_completed',
  'document_uploaded',
  'document_approved',
  'document_rejected',
  'review_requested',
  'review_approved',
  'review_rejected',
  'comment_added',
  'user_invited',
  'role_changed',
  'login_alert',
  'system_alert',
  'action_required',
  'reminder',
  'custom',
  'integration_records_without_contract',
] as const
export type NotificationType = (typeof NOTIFICATION_TYPES)[number]

/**
 * Types delivered on every channel whatever the company settings and the
 * user preferences say (docs/decisions.md, Notifications). They never
 * appear in, and cannot be saved through, the company settings (I8/I9).
 */
export const MANDATORY_NOTIFICATION_TYPES: readonly NotificationType[] = [
  'login_alert',
  'system_alert',
  'contract_cancelled',
  'signature_requested',
]

export const isMandatoryType = (type: string) =>
  (MANDATORY_NOTIFICATION_TYPES as readonly string[]).includes(type)

/** Types a company may switch off (I9 `types` keys) */
export const CONFIGURABLE_NOTIFICATION_TYPES = NOTIFICATION_TYPES.filter(
  (type) => !isMandatoryType(type)
)

/** The flags of a Channels object (I6-I9) */
export const CHANNEL_FLAGS = ['messenger', 'sms', 'email', 'platform'] as const
export type ChannelFlag = (typeof CHANNEL_FLAGS)[number]
export type Channels = Record<ChannelFlag, boolean>

/** Channels the pipeline delivers on (I5 `platforms`); `sms` has no sender yet */
export const DELIVERY_CHANNELS = ['messenger', 'platform', 'email'] as const
export type DeliveryChannel = (typeof DELIVERY_CHANNELS)[number]

/** A stored partial flag set read as a full one: a missing flag is on */
export function withDefaultChannels(stored: Partial<Channels> | null | undefined): Channels {
  return Object.fromEntries(
    CHANNEL_FLAGS.map((flag) => [flag, stored?.[flag] !== false])
  ) as Channels
}
