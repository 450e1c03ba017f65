import { DateTime } from 'luxon'
import { BaseModel, belongsTo, column } from '@adonisjs/lucid/orm'
import { compose } from '@adonisjs/core/helpers'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import { withUuidPrimaryKey } from '#models/mixins/with_uuid_primary_key'
import Contract from '#models/contract'
import Company from '#models/company'
import User from '#models/user'
import type { ContractType, PartRole } from '#enums/contract_status'

/**
 * A part of a contract (the "link"): a company (legal entity, acted for
 * by its owner) or a user (natural person), never both.
 */
export default class ContractPart extends compose(BaseModel, withUuidPrimaryKey) {
  @column()
  declare contractId: string

  @column()
  declare companyId: string | null

  @column()
  declare userId: string | null

  /** Stored from the workflow perspective at creation, never recomputed */
  @column()
  declare role: PartRole

  /** pt-BR money text as given (`1.000,00`) */
  @column()
  declare value: string | null

  /** bigint in the database: consumed as a number (cents fit easily) */
  @column({ consume: (value) => (value === null ? null : Number(value)) })
  declare valueCents: number | null

  @column()
  declare contractType: ContractType | null

  @column()
  declare monthlyHours: number | null

  @column()
  declare isActive: boolean

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime

  @belongsTo(() => Contract)
  declare contract: BelongsTo<typeof Contract>

  @belongsTo(() => Company)
  declare company: BelongsTo<typeof Company>

  @belongsTo(() => User)
  declare user: BelongsTo<typeof User>

  /** The provider id of the spec: company id (legal entity) or user id (natural person) */
  get providerId(): string {
    return (this.companyId ?? this.userId)!
  }

  /**
   * The active link of a provider with a borrower company: the part is
   * active and its contract (owned by the borrower, not deleted) is `active`.
   */
  static activeFor(borrowerCompanyId: string) {
    return ContractPart.query()
      .where('contract_parts.is_active', true)
      .where('contract_parts.role', 'PROVIDER')
      .whereHas('contract', (contract) => {
        contract
          .where('company_id', borrowerCompanyId)
          .where('status', 'active')
          .whereNull('deleted_at')
      })
  }
}
