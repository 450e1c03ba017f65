import { inject } from '@adonisjs/core'
import emitter from '@adonisjs/core/services/emitter'
import type { EventsList } from '@adonisjs/core/types'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type Contract from '#models/contract'
import type User from '#models/user'
import Workflow from '#models/workflow'
import type {
  ContractChangedEvent,
  ContractEventBase,
  ContractNotice,
  ContractNoticeEvents,
  ContractRecipient,
} from '#events/contract_events'
import { BORROWER_SIDE_ROLES } from '#enums/roles'
import type { ContractStatus } from '#enums/contract_status'
import Clock from '#services/platform/clock'
import { appLink } from '#support/app_links'

/**
 * Records a change of a contract (`contract:changed`): its listeners run
 * one after the other in the change's transaction (history,
 * notifications, webhooks), as a transaction runs one query at a time.
 */
export async function recordContractChange(event: ContractChangedEvent) {
  await emitter.emitSerial('contract:changed', event)
}

/**
 * Who receives a contract event (spec, Events):
 * owner = the user who created the contract (else the company's OWNER);
 * members = borrower-side members of the contract's company;
 * parts = every part other than the contract's company (a legal entity
 * through its OWNER user); reviewers; signers; or explicit user ids.
 */
export type RecipientSelector =
  | 'owner'
  | 'members'
  | 'parts'
  | 'reviewers'
  | 'signers'
  | { userIds: string[] }
  | { signerIds: string[] }

type ContractEventName = keyof ContractNoticeEvents

interface RecipientRow {
  user_id: string | null
  email: string
  name: string
}

@inject()
export default class ContractEventService {
  constructor(protected clock: Clock) {}

  async recipients(
    contract: Contract,
    selectors: RecipientSelector[],
    trx: TransactionClientContract
  ): Promise<ContractRecipient[]> {
    const rows: RecipientRow[] = []
    for (const selector of selectors) rows.push(...(await this.#select(contract, selector, trx)))

    const seen = new Set<string>()
    return rows
      .filter((row) => {
        const key = row.user_id ?? row.email.toLowerCase()
        if (seen.has(key)) return false
        seen.add(key)
        return true
      })
      .map((row) => ({
        userId: row.user_id,
        companyId: contract.companyId,
        email: row.email,
        name: row.name,
      }))
  }

  /** Deadline shown in e-mails: the stored one, else now + the workflow's deadlineDays */
  async deadline(contract: Contract, trx: TransactionClientContract): Promise<string | null> {
    if (contract.deadlineAt) return contract.deadlineAt.toISO()
    if (!contract.workflowId) return null
    const workflow = await Workflow.query({ client: trx }).where('id', contract.workflowId).first()
    if (!workflow?.deadlineDays) return null
    return this.clock.local().plus({ days: workflow.deadlineDays }).toISO()
  }

  /** The common payload; `path` is appended to `/contracts/{id}` */
  async base(
    contract: Contract,
    actor: User | null,
    options: {
      type: string
      scope: ContractEventBase['scope']
      to: RecipientSelector[]
      path?: string
    },
    trx: TransactionClientContract
  ): Promise<ContractEventBase> {
    const actionRoute = `/contracts/${contract.id}${options.path ?? ''}`
    return {
      type: options.type,
      scope: options.scope,
      contract: {
        id: contract.id,
        name: contract.name,
        companyId: contract.companyId,
        status: contract.status,
      },
      actor: actor
        ? { id: actor.id, name: actor.name, email: actor.email, avatar: actor.avatar }
        : null,
      recipients: await this.recipients(contract, options.to, trx),
      deadline: await this.deadline(contract, trx),
      link: appLink(actionRoute),
      actionRoute,
      trx,
    }
  }

  /** Emits inside the caller's transaction: listeners write with `trx` */
  async emit<Name extends ContractEventName>(name: Name, payload: EventsList[Name]) {
    await emitter.emit(name, payload)
  }

  /** Emits notices one after the other (notifications without a change to record) */
  async send(notices: ContractNotice[]) {
    for (const notice of notices) await emitter.emit(notice.name, notice.data as never)
  }

  /**
   * A move that ends the contract's course (cancelled, completed):
   * everyone involved hears of it; webhooks `contract.status_changed`, then
   * the move's own.
   */
  async closed(
    contract: Contract,
    actor: User,
    from: ContractStatus,
    close:
      | { to: 'cancelled'; reason: string | null }
      | { to: 'completed'; signedDocumentSha256: string },
    trx: TransactionClientContract
  ) {
    const base = await this.base(
      contract,
      actor,
      {
        type: `contract_${close.to}`,
        scope: 'contract',
        to: ['owner', 'parts', 'reviewers', 'signers'],
      },
      trx
    )
    await this.changed({
      contract,
      actorId: actor.id,
      history: { type: 'STATUS_CHANGED', payload: { from, ...close } },
      notices: [
        close.to === 'cancelled'
          ? { name: 'contract:cancelled', data: { ...base, reason: close.reason } }
          : { name: 'contract:completed', data: base },
      ],
      webhooks: ['contract.status_changed', `contract.${close.to}`],
      trx,
    })
  }

  /** Records a change of the contract (see `recordContractChange`) */
  changed(event: ContractChangedEvent) {
    return recordContractChange(event)
  }

  #select(contract: Contract, selector: RecipientSelector, trx: TransactionClientContract) {
    const users = (query: any) => query.select('users.id as user_id', 'users.email', 'users.name')
    if (typeof selector === 'object' && 'signerIds' in selector) {
      return trx
        .from('contract_signature_members')
        .whereIn('id', selector.signerIds)
        .orderBy('position')
        .select('user_id', 'email', 'name')
    }
    if (typeof selector === 'object') {
      if (!selector.userIds.length) return Promise.resolve([])
      return users(trx.from('users').whereIn('users.id', selector.userIds))
    }
    switch (selector) {
      case 'owner':
        return contract.createdBy
          ? users(trx.from('users').where('users.id', contract.createdBy))
          : this.#companyOwners(trx, [contract.companyId])
      case 'members':
        return users(
          trx
            .from('company_members')
            .join('users', 'users.id', 'company_members.user_id')
            .where('company_members.company_id', contract.companyId)
            .whereIn('company_members.role', [...BORROWER_SIDE_ROLES])
            .orderBy('company_members.created_at')
        )
      case 'parts':
        return this.#parts(contract, trx)
      case 'reviewers':
        return users(
          trx
            .from('contract_reviewers')
            .join('users', 'users.id', 'contract_reviewers.user_id')
            .where('contract_reviewers.contract_id', contract.id)
            .orderBy('contract_reviewers.position')
        )
      case 'signers':
        return trx
          .from('contract_signature_members')
          .where('contract_id', contract.id)
          .select('user_id', 'email', 'name')
    }
  }

  async #parts(contract: Contract, trx: TransactionClientContract): Promise<RecipientRow[]> {
    const parts = await trx
      .from('contract_parts')
      .where('contract_id', contract.id)
      .where((query) => query.whereNull('company_id').orWhereNot('company_id', contract.companyId))
      .select('company_id', 'user_id')
    const userIds = parts.filter((part) => part.user_id).map((part) => part.user_id)
    const companyIds = parts.filter((part) => part.company_id).map((part) => part.company_id)
    const people: RecipientRow[] = userIds.length
      ? await trx.from('users').whereIn('id', userIds).select('id as user_id', 'email', 'name')
      : []
    return [...people, ...(await this.#companyOwners(trx, companyIds))]
  }

  async #companyOwners(trx: TransactionClientContract, companyIds: string[]) {
    if (!companyIds.length) return []
    return trx
      .from('company_members')
      .join('users', 'users.id', 'company_members.user_id')
      .whereIn('company_members.company_id', companyIds)
      .where('company_members.role', 'owner')
      .select('users.id as user_id', 'users.email', 'users.name') as Promise<RecipientRow[]>
  }
}
