import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type User from '#models/user'
import type { NotificationActivity } from '#models/notification'
import type { Text } from '#support/i18n'
import type { DeliveryChannel, NotificationPriority, NotificationScope } from '#enums/notifications'

/**
 * The notification pipeline's vocabulary, apart from the pipeline
 * (notifier.ts) so that what it uses (message_content.ts) can name these
 * types without importing the pipeline back.
 */

export interface Recipient {
  userId: string
  companyId: string
  /**
   * Where the e-mail channel writes instead of the user's own address (I5:
   * a legal entity is mailed at its owner's e-mail); null = no address.
   */
  emailTo?: EmailAddress | null
}

export interface EmailAddress {
  email: string
  name: string
}

export interface NotificationActor {
  id: string | null
  name: string
  avatar?: string | null
}

/**
 * Who really sent an I5 message (the user and the context company), kept in
 * `activity.metadata.sentBy` and shown beside the free-text sender in every
 * channel, so a message signed "Security Team" still shows its origin
 */
export interface CustomSentBy {
  userId: string
  userName: string
  companyId: string
  companyName: string
}

/**
 * What a notification says. `title` and `message` are phrases (catalogue
 * keys) rendered in each recipient's saved language, or a sender's own
 * words (I5); `activity.actionLabel` is a key too.
 */
export interface NotifyData {
  title: Text
  /** Plain text (in-app message, e-mail and messenger body) */
  message: Text
  scope: NotificationScope
  priority?: NotificationPriority
  activity?: NotificationActivity | null
  actor?: User | NotificationActor | null
  /** Rich body for the e-mail (only p, strong, br... are kept) */
  html?: string
}

/** One message of notifyMany(): its text and its recipients */
export interface NotifyMessage {
  recipients: Recipient[]
  data: NotifyData
}

export interface NotifyOptions {
  /** Required: rows and deliveries are written in the caller's transaction */
  trx: TransactionClientContract
  /** Channels to try (default all three); each one passes the delivery rule */
  channels?: readonly DeliveryChannel[]
}

export interface ChannelResult {
  platform: DeliveryChannel
  dispatched: boolean
  skippedReason?: string
}

export interface RecipientResult extends Recipient {
  channels: ChannelResult[]
}
