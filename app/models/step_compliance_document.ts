import { DateTime } from 'luxon'
import { BaseModel, belongsTo, column } from '@adonisjs/lucid/orm'
import { compose } from '@adonisjs/core/helpers'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import { withUuidPrimaryKey } from '#models/mixins/with_uuid_primary_key'
import ComplianceDocumentRequirement from '#models/compliance_document_requirement'
import type { DocumentStatus } from '#support/compliance'

/** The file sent for one requirement of a step (a new upload replaces it) */
export default class StepComplianceDocument extends compose(BaseModel, withUuidPrimaryKey) {
  @column()
  declare stepComplianceId: string

  @column()
  declare requirementId: string

  @column()
  declare fileName: string

  /** Drive key (private disk) */
  @column()
  declare filePath: string

  @column()
  declare fileSize: number

  @column()
  declare status: DocumentStatus

  @column()
  declare rejectionReason: string | null

  @column()
  declare uploadedBy: string | null

  @column.dateTime()
  declare sentAt: DateTime

  @column.dateTime()
  declare reviewedAt: DateTime | null

  @belongsTo(() => ComplianceDocumentRequirement, { foreignKey: 'requirementId' })
  declare requirement: BelongsTo<typeof ComplianceDocumentRequirement>
}
