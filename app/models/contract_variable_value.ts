import { compose } from '@adonisjs/core/helpers'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { withTimestamps } from '#models/mixins/with_timestamps'

/** A template variable's value, global, per part or per part group */
export default class ContractVariableValue extends compose(BaseModel, withTimestamps) {
  @column({ isPrimary: true })
  declare id: string

  @column()
  declare contractId: string

  @column()
  declare name: string

  @column()
  declare type: string

  /** Who fills it: `borrower`, `provider`, `system`... */
  @column()
  declare source: string

  @column()
  declare required: boolean

  @column()
  declare value: string

  @column({
    prepare: (value) => (value === null || value === undefined ? null : JSON.stringify(value)),
  })
  declare additional: unknown

  @column()
  declare partId: string | null

  @column()
  declare groupId: string | null

  @column()
  declare position: number
}
