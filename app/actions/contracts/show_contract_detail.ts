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
    await Contract.findOwned(company.id, id)
    const contract = await Contract.query()
      .withScopes((scopes) => scopes.ownedBy(company.id))
      .where('contracts.id', id)
      .preload('parts', (query) =>
        query.preload('company').preload('user').orderBy('created_at').orderBy('id')
      )
      .preload('partGroups', (query) => query.orderBy('position'))
      .preload('variableValues', (query) => query.orderBy('position'))
      .preload('documents', (query) => query.orderBy('position'))
      .preload('reviewers', (query) => query.preload('user').orderBy('position'))
      .preload('signatureGroups', (query) =>
        query.orderBy('position').preload('members', (members) => members.orderBy('position'))
      )
      .preload('uploadedFiles', (query) => query.orderBy('uploaded_at'))
      .firstOrFail()

    const urls = await this.storage.signedUrls(contract.uploadedFiles.map((file) => file.filePath))
    const fileUrls = new Map(contract.uploadedFiles.map((file, index) => [file.id, urls[index]!]))
    const signed = contract.signedDocumentPath
      ? await this.storage.signedUrl(contract.signedDocumentPath)
      : null
    return ContractDto.detail(contract, fileUrls, signed)
  }
}
