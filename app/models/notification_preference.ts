import { compose } from '@adonisjs/core/helpers'
import { withUuidPrimaryKey } from '#models/mixins/with_uuid_primary_key'
import { NotificationPreferenceSchema } from '#database/schema'

/** A user's channel flags in one company; missing flags are on */
export default class NotificationPreference extends compose(
  NotificationPreferenceSchema,
  withUuidPrimaryKey
) {}
