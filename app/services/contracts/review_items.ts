import { inject } from '@adonisjs/core'
import Contract from '#models/contract'
import ContractReviewer from '#models/contract_reviewer'
import type Company from '#models/company'
import ContractDocumentService from '#services/contracts/document_service'
import { NotFoundException } from '#exceptions/http_exceptions'

/**
 * H13 / H15: one generated contract of a contract under review
 * (`contractItemId` = the part group id, or the contract id when there
 * are no part groups).
 */
@inject()
export default class ReviewItems {
  constructor(protected documents: ContractDocumentService) {}

  /** The contract and the item, else 404 */
  async find(company: Company, contractId: string, itemId: string) {
    const contract = await Contract.findOwned(company.id, contractId)
    const items = await this.documents.items(contract)
    const item = items.find((candidate) => candidate.id === itemId)
    if (!item) throw new NotFoundException('errors.contract_item_not_found')
    return { contract, item }
  }

  /**
   * H13: the contract and the item (else 404) with the user ids of the
   * contract's reviewers, for ContractPolicy.comment
   */
  async target(company: Company, ids: { contractId: string; itemId: string }) {
    const { contract, item } = await this.find(company, ids.contractId, ids.itemId)
    const reviewers = await ContractReviewer.query()
      .where('contract_id', contract.id)
      .select('user_id')
    return { contract, item, reviewerIds: reviewers.map((reviewer) => reviewer.userId) }
  }
}
