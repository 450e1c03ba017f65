import { compose } from '@adonisjs/core/helpers'
import { BaseModel, belongsTo, column } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import User from '#models/user'
import { withTimestamps } from '#models/mixins/with_timestamps'

/** A reviewer of the contract (revisionConfig.reviewers) */
export default class ContractReviewer extends compose(BaseModel, withTimestamps) {
  @column({ isPrimary: true })
  declare id: string

  @column()
  declare contractId: string

  @column()
  declare userId: string

  @column()
  declare isRequired: boolean

  @column()
  declare position: number

  @belongsTo(() => User)
  declare user: BelongsTo<typeof User>
}
