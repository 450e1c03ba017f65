import { inject } from '@adonisjs/core'
import Contract from '#models/contract'
import ContractReviewer from '#models/contract_reviewer'
import ContractReviewApproval from '#models/contract_review_approval'
import type Company from '#models/company'
import ContractDocumentService from '#services/contracts/document_service'
import ContractReviewDto from '#dtos/contract_review_dto'
import db from '@adonisjs/lucid/services/db'
import { parallelReads } from '#support/parallel_reads'

/**
 * H12: the contracts generated from the part groups (template with the
 * variables substituted), each reviewer's decisions and allApproved.
 */
@inject()
export default class ShowReviewOverview {
  constructor(protected documents: ContractDocumentService) {}

  async handle(company: Company, id: string) {
    const contract = await Contract.findOwned(company.id, id)
    const [items, reviewers, approvals, counts] = await parallelReads([
      () => this.documents.items(contract),
      () => ContractReviewer.query().where('contract_id', id).preload('user').orderBy('position'),
      () => ContractReviewApproval.query().where('contract_id', id),
      () =>
        db
          .from('contract_review_comments')
          .where('contract_id', id)
          .groupBy('item_id')
          .select('item_id')
          .count('* as total'),
    ])
    const commentCounts = new Map(counts.map((row) => [row.item_id, Number(row.total)]))
    return ContractReviewDto.overview(items, reviewers, approvals, commentCounts)
  }
}
