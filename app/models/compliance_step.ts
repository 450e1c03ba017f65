import { BaseModel, column, hasMany } from '@adonisjs/lucid/orm'
import { compose } from '@adonisjs/core/helpers'
import type { HasMany } from '@adonisjs/lucid/types/relations'
import { withUuidPrimaryKey } from '#models/mixins/with_uuid_primary_key'
import ComplianceDocumentRequirement from '#models/compliance_document_requirement'
import ComplianceStepValidator from '#models/compliance_step_validator'
import type { Frequency, PlatformDataType, StepType } from '#support/compliance'
import { withTimestamps } from '#models/mixins/with_timestamps'

export default class ComplianceStep extends compose(BaseModel, withUuidPrimaryKey, withTimestamps) {
  @column()
  declare flowId: string

  /** `order` of the spec (1-based) */
  @column()
  declare position: number

  @column()
  declare title: string

  @column()
  declare stepType: StepType

  @column()
  declare frequency: Frequency

  @column()
  declare dayStart: number

  @column()
  declare dayEnd: number

  @column()
  declare monthStart: number | null

  @column()
  declare monthEnd: number | null

  @column({ prepare: (value) => JSON.stringify(value ?? []) })
  declare platformDataTypes: PlatformDataType[]

  @column()
  declare dependsOnPrevious: boolean

  @column()
  declare includeImmediateLeadership: boolean

  @column()
  declare onlyImmediateLeadershipRequired: boolean

  @column()
  declare allValidatorsRequired: boolean

  @hasMany(() => ComplianceDocumentRequirement, { foreignKey: 'stepId' })
  declare documents: HasMany<typeof ComplianceDocumentRequirement>

  @hasMany(() => ComplianceStepValidator, { foreignKey: 'stepId' })
  declare validators: HasMany<typeof ComplianceStepValidator>
}
