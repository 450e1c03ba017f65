import { randomUUID } from 'node:crypto'
import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Contract from '#models/contract'
import Workflow from '#models/workflow'
import type Company from '#models/company'
import type User from '#models/user'
import ContractDocumentService from '#services/contracts/document_service'
import ContractEventService from '#services/contracts/event_service'
import ContractRequirementsService from '#services/contracts/requirements_service'
import ContractSignatureDto from '#dtos/contract_signature_dto'
import SignatureEvents from '#services/contracts/signature_events'
import { currentGroup, loadSignatureGroups } from '#services/contracts/signature_flow'
import { ConflictException, UnprocessableException } from '#exceptions/http_exceptions'
import Clock from '#services/platform/clock'

/** Published contracts whose parts may go on to signing */
const STARTABLE = ['provider', 'provider_filling', 'signature']

/**
 * POST /contracts/:id/signatures/start: fixes the document under
 * signature (SHA-256 of the generated contracts), fills part groups with
 * the provider parts' signers, resets every signer to pending, moves the
 * contract to `signing` and asks the first group to sign.
 */
@inject()
export default class StartSignatures {
  constructor(
    protected documents: ContractDocumentService,
    protected events: ContractEventService,
    protected requirements: ContractRequirementsService,
    protected clock: Clock
  ) {}

  handle(company: Company, user: User, id: string) {
    return db.transaction(async (trx) => {
      const contract = await Contract.findOwned(company.id, id, trx)
      contract.useTransaction(trx)
      if (!STARTABLE.includes(contract.status)) {
        throw new ConflictException('errors.signing_cannot_start', {
          data: { status: contract.status },
        })
      }
      const missing = await this.requirements.missing(contract, 'upload', trx)
      if (missing.length) {
        throw new UnprocessableException('errors.uploads_pending', {
          data: { items: missing },
        })
      }
      await this.#fillPartGroups(contract, trx)
      await trx
        .from('contract_signature_members')
        .where('contract_id', contract.id)
        .update({ status: 'pending', signed_at: null, rejection_reason: null })
      const groups = await loadSignatureGroups(contract.id, trx)
      const first = currentGroup(groups)
      if (!first) throw new UnprocessableException('errors.no_signer')

      const from = contract.status
      const { sha256 } = await this.documents.documentText(contract, trx)
      contract.merge({
        status: 'signing',
        documentHash: sha256,
        signatureStartedAt: this.clock.local(),
        deadlineAt: await this.#deadline(contract, trx),
      })
      await contract.save()
      const memberIds = first.members.map((member) => member.id)
      const signatureEvents = new SignatureEvents(this.events)
      await this.events.changed({
        contract,
        actorId: user.id,
        history: { type: 'STATUS_CHANGED', payload: { from, to: 'signing', documentHash: sha256 } },
        notices: await signatureEvents.requestNotices(contract, user, memberIds, false, trx),
        webhooks: ['contract.status_changed'],
        trx,
      })
      return ContractSignatureDto.overview(groups)
    })
  }

  /** A part group without signers gets one per provider part (a company signs by its owner) */
  async #fillPartGroups(contract: Contract, trx: TransactionClientContract) {
    const empty = await trx
      .from('contract_signature_groups as g')
      .where('g.contract_id', contract.id)
      .where('g.is_part_group', true)
      .whereNotExists((query) =>
        query.from('contract_signature_members as m').whereRaw('m.group_id = g.id')
      )
      .select('g.id')
    if (!empty.length) return
    const signers = await this.events.recipients(contract, ['parts'], trx)
    const rows = empty.flatMap((group) =>
      signers.map((signer, index) => ({
        id: randomUUID(),
        contract_id: contract.id,
        group_id: group.id,
        user_id: signer.userId,
        name: signer.name,
        email: signer.email.toLowerCase(),
        position: index + 1,
      }))
    )
    if (rows.length) await trx.table('contract_signature_members').multiInsert(rows)
  }

  async #deadline(contract: Contract, trx: TransactionClientContract) {
    if (!contract.workflowId) return contract.deadlineAt
    const workflow = await Workflow.query({ client: trx }).where('id', contract.workflowId).first()
    return workflow?.deadlineDays
      ? this.clock.local().plus({ days: workflow.deadlineDays })
      : contract.deadlineAt
  }
}
