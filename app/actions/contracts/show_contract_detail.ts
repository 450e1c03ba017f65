import { inject } from '@adonisjs/core'
import Contract from '#models/contract'
import type Company from '#models/company'
import FileStorageService from '#services/files/storage_service'
import ContractDto from '#dtos/contract_dto'

/**
 * H5 / GET /contracts/:id: the contract with everything the save payload
 * stored, the files already uploaded (signed URLs) and the signed PDF.
 */
@inject()
export default class ShowContractDetail {
  constructor(protected storage: FileStorageService) {}

  async handle(company: Company, id: string) {
    const contract = await Contract.findOwnedWith(company.id, id, (query) =>
      query
        .preload('parts', (parts) =>
          parts.preload('company').preload('user').orderBy('created_at').orderBy('id')
        )
        .preload('partGroups', (groups) => groups.orderBy('position'))
        .preload('variableValues', (values) => values.orderBy('position'))
        .preload('documents', (documents) => documents.orderBy('position'))
        .preload('reviewers', (reviewers) => reviewers.preload('user').orderBy('position'))
        .preload('signatureGroups', (groups) =>
          groups.orderBy('position').preload('members', (members) => members.orderBy('position'))
        )
        .preload('uploadedFiles', (files) => files.orderBy('uploaded_at'))
    )

    const urls = await this.storage.signedUrls(contract.uploadedFiles.map((file) => file.filePath))
    const fileUrls = new Map(contract.uploadedFiles.map((file, index) => [file.id, urls[index]!]))
    const signed = contract.signedDocumentPath
      ? await this.storage.signedUrl(contract.signedDocumentPath)
      : null
    return ContractDto.detail(contract, fileUrls, signed)
  }
}
