import { DateTime } from 'luxon'
import { BaseModel, column, hasMany } from '@adonisjs/lucid/orm'
import type { HasMany } from '@adonisjs/lucid/types/relations'
import ContractSignatureMember from '#models/contract_signature_member'

/** An ordered signature group: group n+1 signs after group n is complete */
export default class ContractSignatureGroup extends BaseModel {
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

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime

  @hasMany(() => ContractSignatureMember, { foreignKey: 'groupId' })
  declare members: HasMany<typeof ContractSignatureMember>
}
