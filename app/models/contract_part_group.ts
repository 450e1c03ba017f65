import { compose } from '@adonisjs/core/helpers'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { withTimestamps } from '#models/mixins/with_timestamps'

/** A group of parts that receives its own generated contract (review items) */
export default class ContractPartGroup extends compose(BaseModel, withTimestamps) {
  @column({ isPrimary: true })
  declare id: string

  @column()
  declare contractId: string

  @column()
  declare name: string

  /** contract_parts ids */
  @column()
  declare partIds: string[]

  @column()
  declare position: number
}
