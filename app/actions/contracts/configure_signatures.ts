import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import type { Infer } from '@vinejs/vine/types'
import Contract from '#models/contract'
import ContractHistory from '#models/contract_history'
import type Company from '#models/company'
import type User from '#models/user'
import ContractEventService from '#services/contracts/event_service'
import ContractSignatureDto from '#dtos/contract_signature_dto'
import SyncSignatureGroups from '#actions/contracts/sync_signature_groups'
import SignatureEvents from '#services/contracts/signature_events'
import { loadSignatureGroups } from '#services/contracts/signature_flow'
import { ConflictException } from '#exceptions/http_exceptions'
import { EDITABLE_STATUSES } from '#support/contract_rules'
import type { configureSignaturesValidator } from '#validators/contract_signature'

/**
 * PUT /contracts/:id/signatures/configuration: replaces the ordered
 * groups and their signers until signing starts (409 afterwards).
 */
@inject()
export default class ConfigureSignatures {
  constructor(protected events: ContractEventService) {}

  handle(
    company: Company,
    user: User,
    id: string,
    payload: Infer<typeof configureSignaturesValidator>
  ) {
    return db.transaction(async (trx) => {
      const contract = await Contract.findOwned(company.id, id, trx)
      if (!EDITABLE_STATUSES.includes(contract.status)) {
        throw new ConflictException('errors.signatures_locked')
      }
      const added = await new SyncSignatureGroups().handle(contract, payload.groups, trx)
      await ContractHistory.create(
        {
          contractId: contract.id,
          type: 'SIGNATURES_CONFIGURED',
          actorId: user.id,
          payload: { groups: payload.groups.length },
        },
        { client: trx }
      )
      await new SignatureEvents(this.events).signatoriesAdded(contract, user, added, trx)
      return ContractSignatureDto.overview(await loadSignatureGroups(contract.id, trx))
    })
  }
}
