import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { compose } from '@adonisjs/core/helpers'
import { withUuidPrimaryKey } from '#models/mixins/with_uuid_primary_key'

/** One reviewer's decision on a document (or on a platformData step: documentId null) */
export default class StepComplianceApproval extends compose(BaseModel, withUuidPrimaryKey) {
  @column()
  declare stepComplianceId: string

  @column()
  declare documentId: string | null

  @column()
  declare userId: string

  @column()
  declare decision: 'approved' | 'rejected'

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime
}
