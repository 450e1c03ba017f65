import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import Contract from '#models/contract'
import type Company from '#models/company'
import type User from '#models/user'
import ContractEventService from '#services/contracts/event_service'
import SignatureEvents from '#services/contracts/signature_events'
import { currentGroup, loadSignatureGroups } from '#services/contracts/signature_flow'
import { ConflictException } from '#exceptions/http_exceptions'
import { SIGNING_STATUSES } from '#support/contract_rules'

/** POST /contracts/:id/signatures/reminders: the open group's pending signers */
@inject()
export default class RemindSigners {
  constructor(protected events: ContractEventService) {}

  handle(company: Company, user: User, id: string) {
    return db.transaction(async (trx) => {
      const contract = await Contract.findOwned(company.id, id, trx)
      if (!SIGNING_STATUSES.includes(contract.status)) {
        throw new ConflictException('errors.not_being_signed')
      }
      const group = currentGroup(await loadSignatureGroups(contract.id, trx))
      const pending = (group?.members ?? []).filter((member) => member.status === 'pending')
      const ids = pending.map((member) => member.id)
      await new SignatureEvents(this.events).requested(contract, user, ids, true, trx)
      return { reminded: ids.length }
    })
  }
}
