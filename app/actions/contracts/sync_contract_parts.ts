import { errors as vineErrors } from '@vinejs/vine'
import type { Infer } from '@vinejs/vine/types'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import ContractPart from '#models/contract_part'
import CompanyMember from '#models/company_member'
import type Contract from '#models/contract'
import type Workflow from '#models/workflow'
import { UnprocessableException } from '#exceptions/http_exceptions'
import type { saveContractValidator } from '#validators/contract'
import type { PartRole } from '#enums/contract_status'
import { brlToCents } from '#support/money'

type PartInput = NonNullable<Infer<typeof saveContractValidator>['parts']>[number]

const partyKey = (part: { companyId?: string | null; userId?: string | null }) =>
  part.companyId ? `company:${part.companyId}` : `user:${part.userId}`

/**
 * Makes the contract's parts the given list. The logged-in company is
 * always a part; roles come from the workflow perspective when a part is
 * first stored (NEUTRAL when asked) and are never recomputed. Every part
 * must already be linked to the borrower (CompanyMember.unlinkedParties):
 * saving a contract never creates a membership, so a part cannot pull a
 * person or company into the tenant without their consent.
 */
export default class SyncContractParts {
  /**
   * The parts a save asks for, the borrower company first when missing,
   * every party linked to the borrower (422 naming the first unlinked one).
   * Reads only memberships, so a save checks it before locking the
   * contract's row.
   */
  static async checked(companyId: string, input: PartInput[], trx: TransactionClientContract) {
    const own = input.some((part) => part.companyId === companyId)
    const parts = own ? input : [{ companyId }, ...input]
    const unlinked = await CompanyMember.unlinkedParties(
      companyId,
      {
        companyIds: parts.flatMap((part) => (part.companyId ? [part.companyId] : [])),
        userIds: parts.flatMap((part) => (part.userId ? [part.userId] : [])),
      },
      trx
    )
    const first = parts.find((part) => unlinked.includes((part.companyId ?? part.userId)!))
    if (first) {
      throw new UnprocessableException('errors.part_not_linked', {
        data: { id: (first.companyId ?? first.userId)! },
      })
    }
    return parts
  }

  /**
   * `parts` from `checked`, `requested` the payload's own list; returns the
   * contract's parts after the sync. Roles need the workflow's perspective:
   * without a workflow, a save that asks for no part stores none (the
   * company's own part comes with the first save that has a workflow and
   * `parts`), and one that asks for parts is refused naming `workflowId`.
   */
  async handle(
    contract: Contract,
    workflow: Workflow | null,
    parts: PartInput[],
    trx: TransactionClientContract,
    requested: PartInput[] = parts
  ) {
    if (!workflow) {
      if (requested.length === 0) return []
      throw new vineErrors.E_VALIDATION_ERROR([
        { field: 'workflowId', rule: 'required', message: 'errors.workflow_required' },
      ])
    }

    const existing = await ContractPart.query({ client: trx }).where('contract_id', contract.id)
    const byParty = new Map(existing.map((part) => [partyKey(part), part]))
    const kept = new Set<string>()
    for (const item of parts) {
      const key = partyKey(item)
      if (kept.has(key)) throw new UnprocessableException('errors.party_twice')
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

    return [...byParty.values()].filter((part) => kept.has(partyKey(part)))
  }

  #role(contract: Contract, workflow: Workflow, item: PartInput): PartRole {
    if (item.role === 'NEUTRAL') return 'NEUTRAL'
    const own = item.companyId === contract.companyId
    const ownRole: PartRole = workflow.companyRole === 'borrower' ? 'BORROWER' : 'PROVIDER'
    const otherRole: PartRole = ownRole === 'BORROWER' ? 'PROVIDER' : 'BORROWER'
    return own ? ownRole : otherRole
  }
}
