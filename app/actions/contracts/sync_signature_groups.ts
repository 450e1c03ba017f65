import { randomUUID } from 'node:crypto'
import type { Infer } from '@vinejs/vine/types'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type Contract from '#models/contract'
import CompanyMember from '#models/company_member'
import { UnprocessableException } from '#exceptions/http_exceptions'
import type { signatureGroup } from '#validators/contract'
import { syncContractRows } from '#support/sync_rows'

type GroupInput = Infer<typeof signatureGroup>

/**
 * Signature groups and members (save payload and PUT configuration);
 * returns the ids of members that are new (signatory_added). A signer
 * named by `userId` must be linked to the borrower (422 otherwise, before
 * any of that user's data is read); a signer given by name and e-mail is
 * the borrower's own input and stays allowed.
 */
export default class SyncSignatureGroups {
  async handle(contract: Contract, groups: GroupInput[], trx: TransactionClientContract) {
    const userIds = groups.flatMap((group) =>
      (group.members ?? []).flatMap((member) => (member.userId ? [member.userId] : []))
    )
    const [unlinked] = await CompanyMember.unlinkedParties(contract.companyId, { userIds }, trx)
    if (unlinked)
      throw new UnprocessableException('errors.signer_not_linked', { data: { id: unlinked } })
    const users = userIds.length
      ? await trx.from('users').whereIn('id', userIds).select('id', 'name', 'email')
      : []
    const before = await trx
      .from('contract_signature_members')
      .where('contract_id', contract.id)
      .select('id')

    const groupRows = groups
      .map((group, index) => ({ group, order: group.order ?? index + 1 }))
      .sort((a, b) => a.order - b.order)
      .map(({ group }, index) => ({
        id: group.id ?? randomUUID(),
        name: group.name,
        position: index + 1,
        is_part_group: group.isPartGroup ?? false,
        members: group.members ?? [],
      }))
    const memberRows = groupRows.flatMap((group) =>
      group.members.map((member, index) => {
        const user = users.find((row) => row.id === member.userId)
        const name = member.name ?? user?.name
        const email = member.email ?? user?.email
        if (!name || !email) {
          throw new UnprocessableException('errors.signer_needs_name_email')
        }
        return {
          id: member.id ?? randomUUID(),
          group_id: group.id,
          user_id: member.userId ?? null,
          name,
          email: email.toLowerCase(),
          position: member.order ?? index + 1,
        }
      })
    )

    await syncContractRows(
      trx,
      'contract_signature_groups',
      contract.id,
      groupRows.map(({ members: _members, ...row }) => row)
    )
    await syncContractRows(trx, 'contract_signature_members', contract.id, memberRows)
    const known = new Set(before.map((row) => row.id))
    return memberRows.filter((row) => !known.has(row.id)).map((row) => row.id)
  }
}
