import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import Contract from '#models/contract'
import type Company from '#models/company'
import type User from '#models/user'
import ContractDocumentService from '#services/contracts/document_service'
import ContractEventService from '#services/contracts/event_service'
import { ConflictException } from '#exceptions/http_exceptions'

/**
 * POST /contracts/:id/review/reminders: reminds the reviewers who have not
 * decided on every generated contract (review_requested, reminder true).
 */
@inject()
export default class RemindReviewers {
  constructor(
    protected documents: ContractDocumentService,
    protected events: ContractEventService
  ) {}

  handle(company: Company, user: User, id: string) {
    return db.transaction(async (trx) => {
      const contract = await Contract.findOwned(company.id, id, trx)
      if (contract.status !== 'in_review') {
        throw new ConflictException('errors.not_in_review')
      }
      const items = await this.documents.items(contract, trx)
      const reviewers = await trx
        .from('contract_reviewers as r')
        .leftJoin('contract_review_approvals as a', 'a.reviewer_id', 'r.id')
        .where('r.contract_id', contract.id)
        .groupBy('r.user_id')
        .havingRaw('count(a.id) < ?', [items.length])
        .select('r.user_id')
      const userIds = reviewers.map((row) => row.user_id as string)
      if (userIds.length) {
        const base = await this.events.base(
          contract,
          user,
          { type: 'review_requested', scope: 'action', to: [{ userIds }], path: '/review' },
          trx
        )
        await this.events.emit('contract:review_requested', {
          ...base,
          itemId: null,
          comment: null,
          reminder: true,
        })
      }
      return { reminded: userIds.length }
    })
  }
}
