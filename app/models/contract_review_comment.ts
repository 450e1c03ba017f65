import { DateTime } from 'luxon'
import { BaseModel, belongsTo, column } from '@adonisjs/lucid/orm'
import { compose } from '@adonisjs/core/helpers'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import { withUuidPrimaryKey } from '#models/mixins/with_uuid_primary_key'
import User from '#models/user'

/** A review comment on a generated contract, with the selection it refers to */
export default class ContractReviewComment extends compose(BaseModel, withUuidPrimaryKey) {
  @column()
  declare contractId: string

  @column()
  declare itemId: string

  @column()
  declare authorId: string

  @column()
  declare content: string

  @column()
  declare selectedText: string | null

  @column()
  declare startOffset: number | null

  @column()
  declare endOffset: number | null

  @column()
  declare pageNumber: number | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime

  @belongsTo(() => User, { foreignKey: 'authorId' })
  declare author: BelongsTo<typeof User>
}
