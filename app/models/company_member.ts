import { DateTime } from 'luxon'
import { BaseModel, belongsTo, column } from '@adonisjs/lucid/orm'
import { compose } from '@adonisjs/core/helpers'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
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
}
