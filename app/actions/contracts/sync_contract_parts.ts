import type { Infer } from '@vinejs/vine/types'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import ContractPart from '#models/contract_part'
import type Contract from '#models/contract'
import type Workflow from '#models/workflow'
import { UnprocessableException } from '#exceptions/http_exceptions'
import type { saveContractValidator } from '#validators/contract'
import type { PartRole } from '#support/contract_status'
import { brlToCents } from '#support/money'

type PartInput = NonNullable<Infer<typeof saveContractValidator>['parts']>[number]

const partyKey = (part: { companyId?: string | null; userId?: string | null }) =>
  part.companyId ? `company:${part.companyId}` : `user:${part.userId}`

/**
 * Makes the contract's parts the given list. The logged-in company is
 * always a part; roles come from the workflow perspective when a part is
 * first stored (NEUTRAL when asked) and are never recomputed. Every
 * PROVIDER part gets a `provider` membership in the borrower company.
 */
export default class SyncContractParts {
  async handle(
    contract: Contract,
    workflow: Workflow | null,
    input: PartInput[],
    trx: TransactionClientContract
  ) {
    if (!workflow) throw new UnprocessableException('A workflow is required to add parts')
    const parts = this.#withOwnCompany(contract, input)
    await this.#assertPartiesExist(parts, trx)

    const existing = await ContractPart.query({ client: trx }).where('contract_id', contract.id)
    const byParty = new Map(existing.map((part) => [partyKey(part), part]))
    const kept = new Set<string>()
    for (const item of parts) {
      const key = partyKey(item)
      if (kept.has(key)) throw new UnprocessableException('A party appears twice in parts')
      kept.add(key)
      const part = byParty.get(key) ?? new ContractPart()
      part.useTransaction(trx)
      part.merge({
        contractId: contract.id,
        companyId: item.companyId ?? null,
        userId: item.userId ?? null,
        role: part.$isPersisted ? part.role : this.#role(contract, workflow, item),
        value: item.value ?? null,
        valueCents: item.value ? brlToCents(item.value) : null,
        contractType: item.contractType ?? null,
        monthlyHours: item.monthlyHours ?? null,
      })
      await part.save()
      byParty.set(key, part)
    }

    const removed = existing.filter((part) => !kept.has(partyKey(part))).map((part) => part.id)
    if (removed.length) await ContractPart.query({ client: trx }).whereIn('id', removed).delete()

    const current = [...byParty.values()].filter((part) => kept.has(partyKey(part)))
    await this.#grantProviderMemberships(contract, current, trx)
    return current
  }

  #withOwnCompany(contract: Contract, input: PartInput[]) {
    const own = input.some((part) => part.companyId === contract.companyId)
    return own ? input : [{ companyId: contract.companyId }, ...input]
  }

  #role(contract: Contract, workflow: Workflow, item: PartInput): PartRole {
    if (item.role === 'NEUTRAL') return 'NEUTRAL'
    const own = item.companyId === contract.companyId
    const ownRole: PartRole = workflow.companyRole === 'borrower' ? 'BORROWER' : 'PROVIDER'
    const otherRole: PartRole = ownRole === 'BORROWER' ? 'PROVIDER' : 'BORROWER'
    return own ? ownRole : otherRole
  }

  async #assertPartiesExist(parts: PartInput[], trx: TransactionClientContract) {
    const check = async (table: string, ids: string[], label: string) => {
      if (!ids.length) return
      const found = await trx.from(table).whereIn('id', ids).select('id')
      const missing = ids.filter((id) => !found.some((row) => row.id === id))
      if (missing.length) throw new UnprocessableException(`${label} not found: ${missing[0]}`)
    }
    await check(
      'companies',
      parts.flatMap((p) => (p.companyId ? [p.companyId] : [])),
      'Company'
    )
    await check(
      'users',
      parts.flatMap((p) => (p.userId ? [p.userId] : [])),
      'User'
    )
  }

  /** DESIGN.md Tenancy: a provider works for the borrower through a `provider` membership */
  async #grantProviderMemberships(
    contract: Contract,
    parts: ContractPart[],
    trx: TransactionClientContract
  ) {
    const providers = parts.filter((part) => part.role === 'PROVIDER')
    const userIds = providers.flatMap((part) => (part.userId ? [part.userId] : []))
    const companyIds = providers.flatMap((part) =>
      part.companyId && part.companyId !== contract.companyId ? [part.companyId] : []
    )
    if (companyIds.length) {
      const owners = await trx
        .from('company_members')
        .whereIn('company_id', companyIds)
        .where('role', 'owner')
        .select('user_id')
      userIds.push(...owners.map((owner) => owner.user_id))
    }
    if (!userIds.length) return
    const now = new Date()
    await trx
      .knexQuery()
      .table('company_members')
      .insert(
        [...new Set(userIds)].map((userId) => ({
          id: crypto.randomUUID(),
          company_id: contract.companyId,
          user_id: userId,
          role: 'provider',
          created_at: now,
          updated_at: now,
        }))
      )
      .onConflict(['company_id', 'user_id'])
      .ignore()
  }
}
