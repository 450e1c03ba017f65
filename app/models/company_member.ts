import { randomUUID } from 'node:crypto'
import { DateTime } from 'luxon'
import { BaseModel, belongsTo, column } from '@adonisjs/lucid/orm'
import { compose } from '@adonisjs/core/helpers'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { withUuidPrimaryKey } from '#models/mixins/with_uuid_primary_key'
import Company from '#models/company'
import User from '#models/user'
import type { MemberRole } from '#support/roles'

export default class CompanyMember extends compose(BaseModel, withUuidPrimaryKey) {
  @column()
  declare companyId: string

  @column()
  declare userId: string

  @column()
  declare role: MemberRole

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime

  @belongsTo(() => Company)
  declare company: BelongsTo<typeof Company>

  @belongsTo(() => User)
  declare user: BelongsTo<typeof User>

  /**
   * Gives the user the role in the company unless they already belong to
   * it (any role is kept); true when the membership was created. Safe
   * against a concurrent grant (unique company_id + user_id).
   */
  static async grant(
    companyId: string,
    userId: string,
    role: MemberRole,
    trx: TransactionClientContract
  ) {
    const now = new Date()
    const inserted = await trx
      .knexQuery()
      .table('company_members')
      .insert({
        id: randomUUID(),
        company_id: companyId,
        user_id: userId,
        role,
        created_at: now,
        updated_at: now,
      })
      .onConflict(['company_id', 'user_id'])
      .ignore()
      .returning('id')
    return inserted.length > 0
  }
}
