import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type Contract from '#models/contract'
import type User from '#models/user'
import type { ContractNotice } from '#events/contract_events'
import type ContractEventService from '#services/contracts/event_service'

type OwnerEventName =
  'contract:signed' | 'contract:signature_completed' | 'contract:signature_rejected'

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
    await this.events.send(
      await this.#perSigner('contract:signatory_added', 'signatory_added', 'contract', {
        contract,
        actor,
        memberIds,
        reminder: false,
        trx,
      })
    )
  }

  async requested(
    contract: Contract,
    actor: User,
    memberIds: string[],
    reminder: boolean,
    trx: TransactionClientContract
  ) {
    await this.events.send(await this.requestNotices(contract, actor, memberIds, reminder, trx))
  }

  /** signature_requested of each signer, for a change that records them */
  requestNotices(
    contract: Contract,
    actor: User,
    memberIds: string[],
    reminder: boolean,
    trx: TransactionClientContract
  ) {
    return this.#perSigner('contract:signature_requested', 'signature_requested', 'action', {
      contract,
      actor,
      memberIds,
      reminder,
      trx,
    })
  }

  async toOwner(
    name: OwnerEventName,
    contract: Contract,
    actor: User,
    ids: { groupId: string; memberId: string | null },
    trx: TransactionClientContract
  ) {
    await this.events.send([await this.ownerNotice(name, contract, actor, ids, trx)])
  }

  /** The owner's signature event, for a change that records it */
  async ownerNotice(
    name: OwnerEventName,
    contract: Contract,
    actor: User,
    ids: { groupId: string; memberId: string | null },
    trx: TransactionClientContract
  ): Promise<ContractNotice> {
    const type = name.replace('contract:', '').replace(/^signed$/, 'contract_signed')
    const base = await this.events.base(
      contract,
      actor,
      { type, scope: 'contract', to: ['owner'], path: '/signatures' },
      trx
    )
    return { name, data: { ...base, ...ids, reminder: false } }
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
  ): Promise<ContractNotice[]> {
    const notices: ContractNotice[] = []
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
      const data = { ...base, groupId: member.group_id, memberId: member.id }
      notices.push({ name, data: { ...data, reminder: input.reminder } })
    }
    return notices
  }
}
