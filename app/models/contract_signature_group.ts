import { compose } from '@adonisjs/core/helpers'
import { BaseModel, column, hasMany } from '@adonisjs/lucid/orm'
import type { HasMany } from '@adonisjs/lucid/types/relations'
import ContractSignatureMember from '#models/contract_signature_member'
import { withTimestamps } from '#models/mixins/with_timestamps'

/** An ordered signature group: group n+1 signs after group n is complete */
export default class ContractSignatureGroup extends compose(BaseModel, withTimestamps) {
  @column({ isPrimary: true })
  declare id: string

  @column()
  declare contractId: string

  @column()
  declare name: string

  @column()
  declare position: number

  @column()
  declare isPartGroup: boolean

  @hasMany(() => ContractSignatureMember, { foreignKey: 'groupId' })
  declare members: HasMany<typeof ContractSignatureMember>
}
