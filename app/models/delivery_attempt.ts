import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { compose } from '@adonisjs/core/helpers'
import { withUuidPrimaryKey } from '#models/mixins/with_uuid_primary_key'

/** `interrupted`: the worker stopped (crash, lost connection) before recording the outcome */
export type AttemptOutcome = 'in_flight' | 'sent' | 'failed' | 'skipped' | 'interrupted'

/** One attempt to send an outbox delivery, kept whatever the delivery's fate */
export default class DeliveryAttempt extends compose(BaseModel, withUuidPrimaryKey) {
  @column()
  declare deliveryId: string

  @column()
  declare attempt: number

  @column.dateTime()
  declare startedAt: DateTime

  @column.dateTime()
  declare finishedAt: DateTime | null

  @column()
  declare outcome: AttemptOutcome

  @column()
  declare error: string | null
}
