import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type Contract from '#models/contract'
import ContractPart from '#models/contract_part'
import ContractDocumentService from '#services/contracts/document_service'
import type { StepKey } from '#support/contract_rules'
import { phrase, type Phrase } from '#support/i18n'

/** A missing item of a step's required data, in the reader's language (`errors.requirement.*`) */
const requirement = (name: string, data?: Record<string, unknown>) =>
  phrase(`errors.requirement.${name}`, data)

/**
 * "Required data" of each authoring step (H8 and H9 -> PUBLISHED):
 * parts: a BORROWER and a PROVIDER part; model: a template and every
 * required variable not filled by the provider has a value; documents:
 * nothing beyond the payload rules; review: at least one reviewer and
 * allApproved; upload: see `#uploads` (when publishing at this step: a document to
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
  ): Promise<Phrase[]> {
    if (step === 'upload' && purpose === 'publish') return this.#uploadsConfigured(contract, trx)
    switch (step) {
      case 'parts':
        return this.#parts(contract, trx)
      case 'model':
        return this.#model(contract, trx)
      case 'documents':
        return []
      case 'review':
        return (await this.allApproved(contract, trx)) ? [] : [requirement('review')]
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
    return has('BORROWER') && has('PROVIDER') ? [] : [requirement('parts')]
  }

  async #model(contract: Contract, trx?: TransactionClientContract) {
    const missing = contract.templateId ? [] : [requirement('template')]
    const empty = await this.#client(trx)
      .from('contract_variable_values')
      .where('contract_id', contract.id)
      .where('required', true)
      .whereNot('source', 'provider')
      .whereRaw("btrim(value) = ''")
      .select('name')
    return [...missing, ...empty.map((row) => requirement('variable', { name: row.name }))]
  }

  /**
   * The one upload rule (H8 upload step, H10 `allApproved`, signature
   * start): the contract has a counterparty (provider) part, each of them
   * has an approved file for every required upload document, and every
   * file sent (optional documents too) is approved: a pending or rejected
   * file still waits for the borrower or the provider.
   */
  async #uploads(contract: Contract, trx?: TransactionClientContract) {
    const partIds = await ContractPart.links(trx).ofContract(contract.id).counterparties().ids()
    if (!partIds.length) return [requirement('provider_part')]
    const client = this.#client(trx)
    const required = await client
      .from('contract_document_requirements')
      .where('contract_id', contract.id)
      .where('is_download', false)
      .where('is_required', true)
      .orderBy('position')
      .select('id', 'name')
    const files = await client
      .from('contract_uploaded_files as f')
      .join('contract_document_requirements as d', 'd.id', 'f.document_id')
      .where('f.contract_id', contract.id)
      .whereIn('f.part_id', partIds)
      .select('f.document_id', 'f.part_id', 'f.status', 'd.name')
    const approved = new Set(
      files.filter((file) => file.status === 'approved').map((f) => `${f.document_id}:${f.part_id}`)
    )
    const missing = required
      .filter((document) => partIds.some((id) => !approved.has(`${document.id}:${id}`)))
      .map((document) => requirement('approved_document', { name: document.name }))
    const undecided = files
      .filter((file) => file.status !== 'approved')
      .map((file) => requirement('document_decision', { name: file.name }))
    const seen = new Set<string>()
    return [...missing, ...undecided].filter((item) => {
      const id = `${item.key}:${item.data?.name}`
      return seen.has(id) ? false : (seen.add(id), true)
    })
  }

  /** Publishing at the upload step: the parts must have something to upload */
  async #uploadsConfigured(contract: Contract, trx?: TransactionClientContract) {
    const document = await this.#client(trx)
      .from('contract_document_requirements')
      .where('contract_id', contract.id)
      .where('is_download', false)
      .first()
    return document ? [] : [requirement('upload_document')]
  }

  async #signature(contract: Contract, trx?: TransactionClientContract) {
    const groups = await this.#client(trx)
      .from('contract_signature_groups as g')
      .leftJoin('contract_signature_members as m', 'm.group_id', 'g.id')
      .where('g.contract_id', contract.id)
      .where((query) => query.whereNotNull('m.id').orWhere('g.is_part_group', true))
      .count('* as total')
    return Number(groups[0].total) > 0 ? [] : [requirement('signature_group')]
  }

  #client(trx?: TransactionClientContract): Pick<TransactionClientContract, 'from'> {
    return trx ?? db
  }
}
