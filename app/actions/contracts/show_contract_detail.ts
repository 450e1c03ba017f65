import { inject } from '@adonisjs/core'
import Contract from '#models/contract'
import type Company from '#models/company'
import FileStorageService from '#services/files/storage_service'
import ContractDto from '#dtos/contract_dto'
import { prepared } from '#support/prepared_statement'

/**
 * H5 / GET /contracts/:id: the contract with everything the save payload
 * stored, the files already uploaded (signed URLs) and the signed PDF.
 * Every statement is prepared (`prepared`): each reads one contract's
 * rows by key, a plan no value changes, and planning them cost more than
 * running them.
 */
@inject()
export default class ShowContractDetail {
  constructor(protected storage: FileStorageService) {}

  async handle(company: Company, id: string) {
    const contract = await Contract.findOwnedWith(company.id, id, (query) =>
      prepared(query)
        .preload('parts', (parts) =>
          prepared(
            parts
              .preload('company', (companies) => prepared(companies))
              .preload('user', (users) => prepared(users))
              .orderBy('created_at')
              .orderBy('id')
          )
        )
        .preload('partGroups', (groups) => prepared(groups.orderBy('position')))
        .preload('variableValues', (values) => prepared(values.orderBy('position')))
        .preload('documents', (documents) => prepared(documents.orderBy('position')))
        .preload('reviewers', (reviewers) =>
          prepared(reviewers.preload('user', (users) => prepared(users)).orderBy('position'))
        )
        .preload('signatureGroups', (groups) =>
          prepared(
            groups
              .orderBy('position')
              .preload('members', (members) => prepared(members.orderBy('position')))
          )
        )
        .preload('uploadedFiles', (files) => prepared(files.orderBy('uploaded_at')))
    )

    const urls = await this.storage.signedUrls(contract.uploadedFiles.map((file) => file.filePath))
    const fileUrls = new Map(contract.uploadedFiles.map((file, index) => [file.id, urls[index]!]))
    const signed = contract.signedDocumentPath
      ? await this.storage.signedUrl(contract.signedDocumentPath)
      : null
    return ContractDto.detail(contract, fileUrls, signed)
  }
}
