import { inject } from '@adonisjs/core'
import type Company from '#models/company'
import type User from '#models/user'
import FileStorageService from '#services/files/storage_service'
import ProviderContractDto from '#dtos/provider_contract_dto'
import ListProviderContractDocuments from '#actions/contracts/list_provider_contract_documents'

/**
 * B3: the contract detail with the provider's documents. 404 unless the
 * provider is a part of it.
 */
@inject()
export default class ShowProviderContract {
  constructor(
    protected storage: FileStorageService,
    protected listDocuments: ListProviderContractDocuments
  ) {}

  async handle(company: Company, user: User, id: string) {
    const { contract, documents } = await this.listDocuments.handle(company, user, id)
    const signed = contract.signedDocumentPath
      ? await this.storage.signedUrl(contract.signedDocumentPath)
      : null
    return { ...ProviderContractDto.fromModel(contract, company, signed), documents }
  }
}
