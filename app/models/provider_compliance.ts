import { DateTime } from 'luxon'
import { BaseModel, belongsTo, column, hasMany } from '@adonisjs/lucid/orm'
import { compose } from '@adonisjs/core/helpers'
import type { BelongsTo, HasMany } from '@adonisjs/lucid/types/relations'
import { withUuidPrimaryKey } from '#models/mixins/with_uuid_primary_key'
import ComplianceFlow from '#models/compliance_flow'
import StepCompliance from '#models/step_compliance'
import type { ComplianceStatus } from '#support/compliance'

/** The compliance of one provider for one flow and month */
export default class ProviderCompliance extends compose(BaseModel, withUuidPrimaryKey) {
  @column()
  declare companyId: string

  @column()
  declare providerComplianceFlowId: string

  @column()
  declare flowId: string

  @column()
  declare providerId: string

  @column()
  declare year: number

  @column()
  declare month: number

  @column()
  declare status: ComplianceStatus

  @column.dateTime()
  declare submittedAt: DateTime | null

  @column.dateTime()
  declare reviewedAt: DateTime | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime

  @belongsTo(() => ComplianceFlow, { foreignKey: 'flowId' })
  declare flow: BelongsTo<typeof ComplianceFlow>

  @hasMany(() => StepCompliance)
  declare steps: HasMany<typeof StepCompliance>
}
