import { inject } from '@adonisjs/core'
import type Company from '#models/company'
import type User from '#models/user'
import FileStorageService from '#services/files/storage_service'
import ContractUploadedFileDto from '#dtos/contract_uploaded_file_dto'
import Contract from '#models/contract'

/**
 * B2: the provider's documents of one contract (with the contract, which
 * B3 shows around them). 404 unless the provider is a part of it.
 */
@inject()
export default class ListProviderContractDocuments {
  constructor(protected storage: FileStorageService) {}

  async handle(company: Company, user: User, id: string) {
    const contract = await Contract.findForProvider(company.id, user.id, id)
    const urls = await this.storage.signedUrls(contract.uploadedFiles.map((f) => f.filePath))
    const documents = contract.uploadedFiles.map((file, index) =>
      ContractUploadedFileDto.provider(file, urls[index]!)
    )
    return { contract, documents }
  }
}
