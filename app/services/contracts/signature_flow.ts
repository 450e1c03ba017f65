import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import ContractSignatureGroup from '#models/contract_signature_group'
import type User from '#models/user'

/** Groups in order, members in order (with their users, for avatars) */
export function loadSignatureGroups(contractId: string, trx?: TransactionClientContract) {
  return ContractSignatureGroup.query({ client: trx })
    .where('contract_id', contractId)
    .orderBy('position')
    .preload('members', (members) => members.orderBy('position').preload('user'))
}

/** The first group with a signer still to sign: only its members may sign */
export function currentGroup(groups: ContractSignatureGroup[]) {
  return groups.find((group) => group.members.some((member) => member.status !== 'signed')) ?? null
}

/** The caller's seat: by user id, or by e-mail for a signer without account link */
export function memberFor(groups: ContractSignatureGroup[], user: User) {
  for (const group of groups) {
    const member = group.members.find((candidate) => candidate.isSeatOf(user))
    if (member) return { group, member }
  }
  return null
}
