import { inject } from '@adonisjs/core'
import type { LucidModel } from '@adonisjs/lucid/types/model'
import Contract from '#models/contract'
import type Company from '#models/company'
import ContractPart from '#models/contract_part'
import ContractPartGroup from '#models/contract_part_group'
import ContractVariableValue from '#models/contract_variable_value'
import ContractDocumentRequirement from '#models/contract_document_requirement'
import ContractReviewer from '#models/contract_reviewer'
import ContractSignatureGroup from '#models/contract_signature_group'
import ContractUploadedFile from '#models/contract_uploaded_file'
import FileStorageService from '#services/files/storage_service'
import ContractDto from '#dtos/contract_dto'
import { prepared } from '#support/prepared_statement'
import { parallelReads } from '#support/parallel_reads'

/**
 * H5 / GET /contracts/:id: the contract with everything the save payload
 * stored, the files already uploaded (signed URLs) and the signed PDF.
 * The contract and its seven relations are read side by side, each
 * relation by the company's contract (Contract.ownedId: nothing of another
 * company's), then the relations' own (the parts' company and user, the
 * reviewers' user, the signature groups' members): two statements in a
 * row, where reading the relations after the contract took three (under
 * load each costs about 20 ms of waiting). Every statement is prepared
 * (`prepared`): each reads one contract's rows by key, a plan no value
 * changes, and planning them cost more than running them.
 */
@inject()
export default class ShowContractDetail {
  constructor(protected storage: FileStorageService) {}

  async handle(company: Company, id: string) {
    /** A relation's rows, read by the company's contract (nothing of another company's) */
    const owned = Contract.ownedId(company.id, id)
    const rowsOf = <Model extends LucidModel>(model: Model) =>
      model.query().whereIn('contract_id', owned)
    const [contract, parts, partGroups, variableValues, documents, reviewers, groups, files] =
      await parallelReads([
        () => Contract.findOwnedWith(company.id, id, (query) => prepared(query)),
        () =>
          prepared(
            rowsOf(ContractPart)
              .preload('company', (companies) => prepared(companies))
              .preload('user', (users) => prepared(users))
              .orderBy('created_at')
              .orderBy('id')
          ),
        () => prepared(rowsOf(ContractPartGroup).orderBy('position')),
        () => prepared(rowsOf(ContractVariableValue).orderBy('position')),
        () => prepared(rowsOf(ContractDocumentRequirement).orderBy('position')),
        () =>
          prepared(
            rowsOf(ContractReviewer)
              .preload('user', (users) => prepared(users))
              .orderBy('position')
          ),
        () =>
          prepared(
            rowsOf(ContractSignatureGroup)
              .orderBy('position')
              .preload('members', (members) => prepared(members.orderBy('position')))
          ),
        () => prepared(rowsOf(ContractUploadedFile).orderBy('uploaded_at')),
      ] as const)
    contract.$setRelated('parts', parts)
    contract.$setRelated('partGroups', partGroups)
    contract.$setRelated('variableValues', variableValues)
    contract.$setRelated('documents', documents)
    contract.$setRelated('reviewers', reviewers)
    contract.$setRelated('signatureGroups', groups)
    contract.$setRelated('uploadedFiles', files)

    const urls = await this.storage.signedUrls(files.map((file) => file.filePath))
    const fileUrls = new Map(files.map((file, index) => [file.id, urls[index]!]))
    const signed = contract.signedDocumentPath
      ? await this.storage.signedUrl(contract.signedDocumentPath)
      : null
    return ContractDto.detail(contract, fileUrls, signed)
  }
}
