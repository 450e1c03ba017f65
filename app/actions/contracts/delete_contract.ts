import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import Contract from '#models/contract'
import ContractHistory from '#models/contract_history'
import type Company from '#models/company'
import type User from '#models/user'
import Clock from '#services/platform/clock'

/**
 * DELETE /contracts/:id: soft delete (every query starts from the
 * ownedBy / notDeleted scopes, so the contract disappears everywhere).
 */
@inject()
export default class DeleteContract {
  constructor(protected clock: Clock) {}

  handle(company: Company, user: User, id: string) {
    return db.transaction(async (trx) => {
      const contract = await Contract.findOwned(company.id, id, trx)
      contract.useTransaction(trx)
      contract.deletedAt = this.clock.local()
      await contract.save()
      await ContractHistory.create(
        { contractId: contract.id, type: 'DELETED', actorId: user.id },
        { client: trx }
      )
    })
  }
}
