import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import Contract from '#models/contract'
import ContractPart from '#models/contract_part'
import type Company from '#models/company'
import type User from '#models/user'
import ContractEventService from '#services/contracts/event_service'
import { ConflictException } from '#exceptions/http_exceptions'
import { CLOSED_STATUSES } from '#support/contract_rules'

/**
 * PATCH /contracts/:id/cancel: cancels a contract that is not finished,
 * cancelled or archived; everyone involved is told (contract_cancelled).
 */
@inject()
export default class CancelContract {
  constructor(protected events: ContractEventService) {}

  handle(company: Company, user: User, id: string, reason: string | null) {
    return db.transaction(async (trx) => {
      const contract = await Contract.findOwned(company.id, id, trx)
      contract.useTransaction(trx)
      if (CLOSED_STATUSES.includes(contract.status)) {
        throw new ConflictException('errors.contract_not_cancellable', {
          data: { status: contract.status },
        })
      }
      const from = contract.status
      contract.status = 'cancelled'
      await contract.save()
      await ContractPart.settleLinksOf([contract.id], trx)
      await this.events.closed(contract, user, from, { to: 'cancelled', reason }, trx)
      return contract
    })
  }
}
