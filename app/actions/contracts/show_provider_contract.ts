import { inject } from '@adonisjs/core'
import type Company from '#models/company'
import type User from '#models/user'
import FileStorageService from '#services/files/storage_service'
import ProviderContractDto from '#dtos/provider_contract_dto'
import ContractUploadedFileDto from '#dtos/contract_uploaded_file_dto'
import Contract from '#models/contract'

/**
 * B2 / B3: the provider's documents of one contract, and the contract
 * detail with them. 404 unless the provider is a part of it.
 */
@inject()
export default class ShowProviderContract {
  constructor(protected storage: FileStorageService) {}

  async documents(company: Company, user: User, id: string) {
    const { documents } = await this.#load(company, user, id)
    return documents
  }

  async detail(company: Company, user: User, id: string) {
    const { contract, documents } = await this.#load(company, user, id)
    const signed = contract.signedDocumentPath
      ? await this.storage.signedUrl(contract.signedDocumentPath)
      : null
    return { ...ProviderContractDto.fromModel(contract, company, signed), documents }
  }

  async #load(company: Company, user: User, id: string) {
    const contract = await Contract.findForProvider(company.id, user.id, id)
    const urls = await this.storage.signedUrls(contract.uploadedFiles.map((f) => f.filePath))
    const documents = contract.uploadedFiles.map((file, index) =>
      ContractUploadedFileDto.provider(file, urls[index]!)
    )
    return { contract, documents }
  }
}
