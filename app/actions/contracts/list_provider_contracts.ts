import { inject } from '@adonisjs/core'
import type { Infer } from '@vinejs/vine/types'
import type Company from '#models/company'
import Contract from '#models/contract'
import CompanyMember from '#models/company_member'
import type User from '#models/user'
import FileStorageService from '#services/files/storage_service'
import ProviderContractDto from '#dtos/provider_contract_dto'
import { applyContractFilters, orderByNewest } from '#actions/contracts/list_contracts'
import type { listContractsValidator } from '#validators/contract'
import { plannedAs } from '#support/prepared_statement'
import { paginateAtOnce } from '#models/queries/paginate_at_once'

/**
 * B4 (GET /contracts for the provider role): every published contract of
 * the context company where the provider is a part; `isActive` comes from
 * the provider's part (inactive = history).
 */
@inject()
export default class ListProviderContracts {
  constructor(protected storage: FileStorageService) {}

  async handle(company: Company, user: User, filters: Infer<typeof listContractsValidator>) {
    const provider = await CompanyMember.providerIdentitiesOf(user.id)
    const query = applyContractFilters(Contract.ofProvider(company.id, provider), filters)
    const page = await paginateAtOnce(
      plannedAs(orderByNewest(query, filters), provider.plan),
      filters.page ?? 1,
      filters.perPage ?? 20
    )
    const urls = await this.storage.signedUrls(page.all().map((c) => c.signedDocumentPath))
    return {
      page,
      data: page
        .all()
        .map((contract, index) => ProviderContractDto.fromModel(contract, company, urls[index])),
    }
  }
}
