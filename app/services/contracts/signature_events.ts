import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type Contract from '#models/contract'
import type User from '#models/user'
import type ContractEventService from '#services/contracts/event_service'

/**
 * The signature events, one per signer (signatory_added,
 * signature_requested: recipient = the signatory) or to the owner
 * (contract_signed, signature_completed, signature_rejected).
 */
export default class SignatureEvents {
  constructor(protected events: ContractEventService) {}

  async signatoriesAdded(
    contract: Contract,
    actor: User,
    memberIds: string[],
    trx: TransactionClientContract
  ) {
    await this.#perSigner('contract:signatory_added', 'signatory_added', 'contract', {
      contract,
      actor,
      memberIds,
      reminder: false,
      trx,
    })
  }

  async requested(
    contract: Contract,
    actor: User,
    memberIds: string[],
    reminder: boolean,
    trx: TransactionClientContract
  ) {
    await this.#perSigner('contract:signature_requested', 'signature_requested', 'action', {
      contract,
      actor,
      memberIds,
      reminder,
      trx,
    })
  }

  async toOwner(
    name: 'contract:signed' | 'contract:signature_completed' | 'contract:signature_rejected',
    contract: Contract,
    actor: User,
    ids: { groupId: string; memberId: string | null },
    trx: TransactionClientContract
  ) {
    const type = name.replace('contract:', '').replace(/^signed$/, 'contract_signed')
    const base = await this.events.base(
      contract,
      actor,
      { type, scope: 'contract', to: ['owner'], path: '/signatures' },
      trx
    )
    await this.events.emit(name, { ...base, ...ids, reminder: false })
  }

  async #perSigner(
    name: 'contract:signatory_added' | 'contract:signature_requested',
    type: string,
    scope: 'contract' | 'action',
    input: {
      contract: Contract
      actor: User
      memberIds: string[]
      reminder: boolean
      trx: TransactionClientContract
    }
  ) {
    const members = await input.trx
      .from('contract_signature_members')
      .whereIn('id', input.memberIds)
      .orderBy('position')
      .select('id', 'group_id')
    for (const member of members) {
      const base = await this.events.base(
        input.contract,
        input.actor,
        { type, scope, to: [{ signerIds: [member.id] }], path: '/sign' },
        input.trx
      )
      await this.events.emit(name, {
        ...base,
        groupId: member.group_id,
        memberId: member.id,
        reminder: input.reminder,
      })
    }
  }
}
