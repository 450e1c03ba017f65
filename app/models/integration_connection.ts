import { compose } from '@adonisjs/core/helpers'
import { withUuidPrimaryKey } from '#models/mixins/with_uuid_primary_key'
import { IntegrationConnectionSchema } from '#database/schema'

/** A company's connection to an external ERP/CRM (`erp-x`...) */
export default class IntegrationConnection extends compose(
  IntegrationConnectionSchema,
  withUuidPrimaryKey
) {}
