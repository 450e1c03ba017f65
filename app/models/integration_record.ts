import { compose } from '@adonisjs/core/helpers'
import { withUuidPrimaryKey } from '#models/mixins/with_uuid_primary_key'
import { IntegrationRecordSchema } from '#database/schema'

/** A record synchronised by a connection, carrying a CNPJ/CPF without punctuation */
export default class IntegrationRecord extends compose(
  IntegrationRecordSchema,
  withUuidPrimaryKey
) {}
