import { hasMany } from '@adonisjs/lucid/orm'
import type { HasMany } from '@adonisjs/lucid/types/relations'
import ContractSignatureMember from '#models/contract_signature_member'
import { ContractSignatureGroupSchema } from '#database/schema'

/** An ordered signature group: group n+1 signs after group n is complete */
export default class ContractSignatureGroup extends ContractSignatureGroupSchema {
  @hasMany(() => ContractSignatureMember, { foreignKey: 'groupId' })
  declare members: HasMany<typeof ContractSignatureMember>
}
