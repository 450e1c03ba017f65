import { compose } from '@adonisjs/core/helpers'
import { withUuidPrimaryKey } from '#models/mixins/with_uuid_primary_key'
import { CompanyNotificationSettingSchema } from '#database/schema'

/** A company's allowed channels and saved type overrides; missing = on */
export default class CompanyNotificationSetting extends compose(
  CompanyNotificationSettingSchema,
  withUuidPrimaryKey
) {}
