import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import Contract from '#models/contract'
import ContractHistory from '#models/contract_history'
import type Company from '#models/company'
import type User from '#models/user'
import ContractEventService from '#services/contracts/event_service'
import ContractSignatureDto from '#dtos/contract_signature_dto'
import SignatureEvents from '#services/contracts/signature_events'
import { loadSignatureGroups, memberFor } from '#services/contracts/signature_flow'
import { ConflictException } from '#exceptions/http_exceptions'
import ContractPolicy from '#policies/contract_policy'
import type { RequestBouncer } from '#policies/base_policy'
import { SIGNING_STATUSES } from '#support/contract_rules'

/**
 * POST /contracts/:id/signatures/reject: a signer refuses with a reason;
 * the flow stops and the contract returns to `signature` (a new start
 * resets every signer).
 */
@inject()
export default class RejectSignature {
  constructor(protected events: ContractEventService) {}

  handle(company: Company, user: User, bouncer: RequestBouncer, id: string, reason: string) {
    return db.transaction(async (trx) => {
      const contract = await Contract.findOwned(company.id, id, trx)
      contract.useTransaction(trx)
      const groups = await loadSignatureGroups(contract.id, trx)
      const found = memberFor(groups, user)
      await bouncer.with(ContractPolicy).authorize('rejectSignature', found?.member ?? null)
      /** The policy refused a caller without a seat */
      const seat = found!
      if (!SIGNING_STATUSES.includes(contract.status) || seat.member.status !== 'pending') {
        throw new ConflictException('errors.no_pending_signature')
      }
      seat.member.useTransaction(trx)
      seat.member.merge({ status: 'rejected', rejectionReason: reason })
      await seat.member.save()
      const from = contract.status
      contract.status = 'signature'
      await contract.save()
      await ContractHistory.create(
        {
          contractId: contract.id,
          type: 'SIGNATURE_REJECTED',
          actorId: user.id,
          payload: { memberId: seat.member.id, reason, from, to: 'signature' },
        },
        { client: trx }
      )
      const ids = { groupId: seat.group.id, memberId: seat.member.id }
      await new SignatureEvents(this.events).toOwner(
        'contract:signature_rejected',
        contract,
        user,
        ids,
        trx
      )
      return ContractSignatureDto.overview(groups)
    })
  }
}
