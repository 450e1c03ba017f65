import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { compose } from '@adonisjs/core/helpers'
import { withUuidPrimaryKey } from '#models/mixins/with_uuid_primary_key'

/** A record synchronised by a connection, carrying a CNPJ/CPF without punctuation */
export default class IntegrationRecord extends compose(BaseModel, withUuidPrimaryKey) {
  @column()
  declare connectionId: string

  @column()
  declare externalId: string

  @column()
  declare document: string

  @column.dateTime()
  declare syncedAt: DateTime
}
