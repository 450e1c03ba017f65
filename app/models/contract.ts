import { DateTime } from 'luxon'
import { BaseModel, belongsTo, column, hasMany, scope } from '@adonisjs/lucid/orm'
import { compose } from '@adonisjs/core/helpers'
import type { BelongsTo, HasMany } from '@adonisjs/lucid/types/relations'
import { withUuidPrimaryKey } from '#models/mixins/with_uuid_primary_key'
import Company from '#models/company'
import Workflow from '#models/workflow'
import ContractPart from '#models/contract_part'
import ContractHistory from '#models/contract_history'
import type { ContractStatus } from '#support/contract_status'

export default class Contract extends compose(BaseModel, withUuidPrimaryKey) {
  /** The owner company (the logged-in company that created it) */
  @column()
  declare companyId: string

  @column()
  declare workflowId: string | null

  @column()
  declare name: string

  @column()
  declare status: ContractStatus

  @column()
  declare progress: number

  @column()
  declare ref: string | null

  @column()
  declare description: string | null

  @column.date()
  declare startDate: DateTime | null

  @column.date()
  declare endDate: DateTime | null

  @column({ prepare: (value) => (value === null ? null : JSON.stringify(value)) })
  declare currentStep: { key: string; index: number } | null

  /** The rest of the save payload (H3/H4), kept as given */
  @column({ prepare: (value) => JSON.stringify(value ?? {}) })
  declare snapshot: Record<string, unknown>

  @column()
  declare signedDocumentPath: string | null

  @column()
  declare createdBy: string | null

  @column.dateTime()
  declare deletedAt: DateTime | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime

  @belongsTo(() => Company)
  declare company: BelongsTo<typeof Company>

  @belongsTo(() => Workflow)
  declare workflow: BelongsTo<typeof Workflow>

  @hasMany(() => ContractPart)
  declare parts: HasMany<typeof ContractPart>

  @hasMany(() => ContractHistory)
  declare history: HasMany<typeof ContractHistory>

  /** Soft-deleted contracts are excluded everywhere: always start from this scope */
  static notDeleted = scope((query) => {
    query.whereNull('contracts.deleted_at')
  })

  /** Contracts owned by the company (tenant finder) */
  static ownedBy = scope((query, companyId: string) => {
    query.where('contracts.company_id', companyId).whereNull('contracts.deleted_at')
  })
}
