import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type Contract from '#models/contract'
import ContractDocumentService from '#services/contracts/document_service'
import type { StepKey } from '#support/contract_rules'

/**
 * "Required data" of each authoring step (H8 and H9 -> PUBLISHED):
 * parts: a BORROWER and a PROVIDER part; model: a template and every
 * required variable not filled by the provider has a value; documents:
 * nothing beyond the payload rules; review: at least one reviewer and
 * allApproved; upload: every provider part has an approved file for each
 * required upload document (when publishing at this step: a document to
 * upload exists); signature: a signature group with a signer (or a part
 * group).
 */
@inject()
export default class ContractRequirementsService {
  constructor(protected documents: ContractDocumentService) {}

  async missing(
    contract: Contract,
    step: StepKey,
    trx?: TransactionClientContract,
    purpose: 'complete' | 'publish' = 'complete'
  ) {
    if (step === 'upload' && purpose === 'publish') return this.#uploadsConfigured(contract, trx)
    switch (step) {
      case 'parts':
        return this.#parts(contract, trx)
      case 'model':
        return this.#model(contract, trx)
      case 'documents':
        return []
      case 'review':
        return (await this.allApproved(contract, trx))
          ? []
          : ['every required reviewer must approve every contract']
      case 'upload':
        return this.#uploads(contract, trx)
      case 'signature':
        return this.#signature(contract, trx)
    }
  }

  /** Spec H12: all required reviewers approved all generated contracts (needs a reviewer) */
  async allApproved(contract: Contract, trx?: TransactionClientContract) {
    const client = this.#client(trx)
    const reviewers = await client.from('contract_reviewers').where('contract_id', contract.id)
    if (!reviewers.length) return false
    const required = reviewers.filter((reviewer) => reviewer.is_required).map((row) => row.id)
    if (!required.length) return true
    const items = await this.documents.items(contract, trx)
    const approved = await client
      .from('contract_review_approvals')
      .where('contract_id', contract.id)
      .where('decision', 'approved')
      .whereIn('reviewer_id', required)
      .whereIn(
        'item_id',
        items.map((item) => item.id)
      )
      .count('* as total')
    return Number(approved[0].total) === required.length * items.length
  }

  async #parts(contract: Contract, trx?: TransactionClientContract) {
    const roles = await this.#client(trx)
      .from('contract_parts')
      .where('contract_id', contract.id)
      .distinct('role')
    const has = (role: string) => roles.some((row) => row.role === role)
    return has('BORROWER') && has('PROVIDER') ? [] : ['a BORROWER and a PROVIDER part']
  }

  async #model(contract: Contract, trx?: TransactionClientContract) {
    const missing: string[] = contract.templateId ? [] : ['a template']
    const empty = await this.#client(trx)
      .from('contract_variable_values')
      .where('contract_id', contract.id)
      .where('required', true)
      .whereNot('source', 'provider')
      .whereRaw("btrim(value) = ''")
      .select('name')
    return [...missing, ...empty.map((row) => `variable ${row.name}`)]
  }

  async #uploads(contract: Contract, trx?: TransactionClientContract) {
    const pending = await this.#client(trx)
      .from('contract_document_requirements as d')
      .join('contract_parts as p', 'p.contract_id', 'd.contract_id')
      .leftJoin('contract_uploaded_files as f', (join) =>
        join.on('f.document_id', 'd.id').andOn('f.part_id', 'p.id')
      )
      .where('d.contract_id', contract.id)
      .where('p.role', 'PROVIDER')
      .where('d.is_download', false)
      .where('d.is_required', true)
      .where((query) => query.whereNull('f.id').orWhereNot('f.status', 'approved'))
      .select('d.name')
    return [...new Set(pending.map((row) => `approved document ${row.name}`))]
  }

  /** Publishing at the upload step: the parts must have something to upload */
  async #uploadsConfigured(contract: Contract, trx?: TransactionClientContract) {
    const document = await this.#client(trx)
      .from('contract_document_requirements')
      .where('contract_id', contract.id)
      .where('is_download', false)
      .first()
    return document ? [] : ['a document to upload']
  }

  async #signature(contract: Contract, trx?: TransactionClientContract) {
    const groups = await this.#client(trx)
      .from('contract_signature_groups as g')
      .leftJoin('contract_signature_members as m', 'm.group_id', 'g.id')
      .where('g.contract_id', contract.id)
      .where((query) => query.whereNotNull('m.id').orWhere('g.is_part_group', true))
      .count('* as total')
    return Number(groups[0].total) > 0 ? [] : ['a signature group with a signer']
  }

  #client(trx?: TransactionClientContract): Pick<TransactionClientContract, 'from'> {
    return trx ?? db
  }
}
