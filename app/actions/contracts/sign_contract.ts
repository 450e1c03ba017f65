import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import Contract from '#models/contract'
import type Company from '#models/company'
import type User from '#models/user'
import ContractEventService from '#services/contracts/event_service'
import ContractSignatureDto from '#dtos/contract_signature_dto'
import SignatureEvents from '#services/contracts/signature_events'
import CompleteContractSigning from '#actions/contracts/complete_contract_signing'
import { currentGroup, loadSignatureGroups, memberFor } from '#services/contracts/signature_flow'
import { ConflictException } from '#exceptions/http_exceptions'
import ContractPolicy from '#policies/contract_policy'
import type { RequestBouncer } from '#policies/base_policy'
import { SIGNING_STATUSES } from '#support/contract_rules'
import Clock from '#services/platform/clock'

export interface SignatureAudit {
  ip: string
  userAgent: string | null
}

/**
 * POST /contracts/:id/signatures/sign: the caller signs as a signer of
 * the open group (403 when not a signer, 409 when the group is not open
 * yet or already signed). Records IP, user agent and the SHA-256 of the
 * document; the next group is asked when a group completes; the last
 * signature completes the contract (signed PDF).
 */
@inject()
export default class SignContract {
  constructor(
    protected events: ContractEventService,
    protected completion: CompleteContractSigning,
    protected clock: Clock
  ) {}

  handle(company: Company, user: User, bouncer: RequestBouncer, id: string, audit: SignatureAudit) {
    return db.transaction(async (trx) => {
      const contract = await Contract.findOwned(company.id, id, trx)
      contract.useTransaction(trx)
      const groups = await loadSignatureGroups(contract.id, trx)
      const found = memberFor(groups, user)
      await bouncer.with(ContractPolicy).authorize('sign', found?.member ?? null)
      /** The policy refused a caller without a seat */
      const seat = found!
      if (!SIGNING_STATUSES.includes(contract.status)) {
        throw new ConflictException('errors.not_being_signed')
      }
      if (seat.member.status === 'signed') throw new ConflictException('errors.already_signed')
      if (currentGroup(groups)?.id !== seat.group.id) {
        throw new ConflictException('errors.signature_group_not_open')
      }

      seat.member.useTransaction(trx)
      seat.member.merge({
        status: 'signed',
        signedAt: this.clock.local(),
        rejectionReason: null,
        ipAddress: audit.ip,
        userAgent: audit.userAgent?.slice(0, 500) ?? null,
        documentHash: contract.documentHash,
        userId: seat.member.userId ?? user.id,
      })
      await seat.member.save()
      const signatureEvents = new SignatureEvents(this.events)
      const ids = { groupId: seat.group.id, memberId: seat.member.id }
      await this.events.changed({
        contract,
        actorId: user.id,
        history: {
          type: 'SIGNED',
          payload: { memberId: seat.member.id, ip: audit.ip, documentHash: contract.documentHash },
        },
        notices: [await signatureEvents.ownerNotice('contract:signed', contract, user, ids, trx)],
        webhooks: ['contract.signed'],
        trx,
      })

      const next = currentGroup(groups)
      if (next?.id !== seat.group.id) {
        await signatureEvents.toOwner('contract:signature_completed', contract, user, ids, trx)
        if (next) {
          const memberIds = next.members.map((member) => member.id)
          await signatureEvents.requested(contract, user, memberIds, false, trx)
        } else {
          await this.completion.handle(contract, user, groups, trx)
        }
      }
      return ContractSignatureDto.overview(groups)
    })
  }
}
