import { compose } from '@adonisjs/core/helpers'
import { withUuidPrimaryKey } from '#models/mixins/with_uuid_primary_key'
import { DeliveryAttemptSchema } from '#database/schema'

/** `interrupted`: the worker stopped (crash, lost connection) before recording the outcome */
export type AttemptOutcome = 'in_flight' | 'sent' | 'failed' | 'skipped' | 'interrupted'

/** One attempt to send an outbox delivery, kept whatever the delivery's fate */
export default class DeliveryAttempt extends compose(DeliveryAttemptSchema, withUuidPrimaryKey) {}
