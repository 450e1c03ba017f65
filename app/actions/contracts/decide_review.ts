import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import Contract from '#models/contract'
import ContractHistory from '#models/contract_history'
import ContractReviewApproval, { type ReviewDecision } from '#models/contract_review_approval'
import ContractReviewer from '#models/contract_reviewer'
import type Company from '#models/company'
import type User from '#models/user'
import ContractDocumentService from '#services/contracts/document_service'
import ContractEventService from '#services/contracts/event_service'
import { ConflictException, NotFoundException } from '#exceptions/http_exceptions'
import ContractPolicy from '#policies/contract_policy'
import type { RequestBouncer } from '#policies/base_policy'
import Clock from '#services/platform/clock'
import { recordWebhookEvent } from '#services/webhooks/events'
import ContractReviewDto from '#dtos/contract_review_dto'

const HISTORY: Record<ReviewDecision, string> = {
  approved: 'REVIEW_APPROVED',
  rejected: 'REVIEW_REJECTED',
  changes_requested: 'REVIEW_CHANGES_REQUESTED',
}

/**
 * POST /contracts/:id/review/:contractItemId/approve | reject |
 * request-changes: the caller's decision as a reviewer of the contract
 * (403 otherwise) on one generated contract, while in review (409). A
 * new decision replaces the reviewer's previous one.
 */
@inject()
export default class DecideReview {
  constructor(
    protected documents: ContractDocumentService,
    protected events: ContractEventService,
    protected clock: Clock
  ) {}

  handle(
    company: Company,
    user: User,
    bouncer: RequestBouncer,
    ids: { contractId: string; itemId: string },
    decision: ReviewDecision,
    comment: string | null
  ) {
    return db.transaction(async (trx) => {
      const contract = await Contract.findOwned(company.id, ids.contractId, trx)
      const items = await this.documents.items(contract, trx)
      if (!items.some((item) => item.id === ids.itemId)) {
        throw new NotFoundException('errors.contract_item_not_found')
      }
      const row = await ContractReviewer.query({ client: trx })
        .where('contract_id', contract.id)
        .where('user_id', user.id)
        .first()
      await bouncer.with(ContractPolicy).authorize('decideReview', row)
      /** The policy refused a caller who is not a reviewer */
      const reviewer = row!
      if (contract.status !== 'in_review') {
        throw new ConflictException('errors.not_in_review')
      }

      const approval = await ContractReviewApproval.updateOrCreate(
        { itemId: ids.itemId, reviewerId: reviewer.id },
        { contractId: contract.id, decision, comment, reviewedAt: this.clock.local() },
        { client: trx }
      )
      await ContractHistory.create(
        {
          contractId: contract.id,
          type: HISTORY[decision],
          actorId: user.id,
          payload: { itemId: ids.itemId, comment },
        },
        { client: trx }
      )
      const approved = decision === 'approved'
      const base = await this.events.base(
        contract,
        user,
        {
          type: approved ? 'review_approved' : 'review_rejected',
          scope: 'contract',
          to: ['owner'],
          path: '/review',
        },
        trx
      )
      await this.events.emit(approved ? 'contract:review_approved' : 'contract:review_rejected', {
        ...base,
        itemId: ids.itemId,
        comment,
        reminder: false,
      })
      /** data: the decision as H16/H17 answer it (ContractReviewDto.decision) */
      await recordWebhookEvent(trx, {
        companyId: contract.companyId,
        type: approved ? 'contract.review.approved' : 'contract.review.rejected',
        data: { contractId: contract.id, ...ContractReviewDto.decision(approval) },
      })
      return approval
    })
  }
}
