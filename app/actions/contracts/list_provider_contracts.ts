import { inject } from '@adonisjs/core'
import type { Infer } from '@vinejs/vine/types'
import type Company from '#models/company'
import Contract from '#models/contract'
import CompanyMember, { type ProviderIdentities } from '#models/company_member'
import type User from '#models/user'
import FileStorageService from '#services/files/storage_service'
import ProviderContractDto from '#dtos/provider_contract_dto'
import { applyContractFilters, orderByNewest } from '#actions/contracts/list_contracts'
import type { listContractsValidator } from '#validators/contract'
import { plannedAs, prepared } from '#support/prepared_statement'
import { paginateAtOnce } from '#models/queries/paginate_at_once'
import { parallelReads } from '#support/parallel_reads'

type Filters = Infer<typeof listContractsValidator>

/**
 * B4 (GET /contracts for the provider role): every published contract of
 * the context company where the provider is a part; `isActive` comes from
 * the provider's part (inactive = history).
 */
@inject()
export default class ListProviderContracts {
  constructor(protected storage: FileStorageService) {}

  async handle(company: Company, user: User, filters: Filters) {
    const provider = await CompanyMember.providerIdentitiesOf(user.id)
    const page = await this.#page(company, provider, filters)
    const urls = await this.storage.signedUrls(page.all().map((c) => c.signedDocumentPath))
    return {
      page,
      data: page
        .all()
        .map((contract, index) => ProviderContractDto.fromModel(contract, company, urls[index])),
    }
  }

  /**
   * The page with the provider's parts of its contracts. A provider of few
   * links (`kept`) reads the parts beside the count and the page, by the
   * page's ids as a subquery (the page read twice costs little then): one
   * statement in a row instead of two (under load each costs about 20 ms of
   * waiting). Past that its page is read once, its parts after it.
   */
  async #page(company: Company, provider: ProviderIdentities, filters: Filters) {
    const [number, perPage] = [filters.page ?? 1, filters.perPage ?? 20]
    if (provider.plan !== 'kept') {
      const query = applyContractFilters(Contract.ofProvider(company.id, provider), filters)
      return paginateAtOnce(
        plannedAs(orderByNewest(query, filters), provider.plan),
        number,
        perPage
      )
    }
    const query = prepared(
      orderByNewest(
        applyContractFilters(Contract.publishedOfProvider(company.id, provider.ids), filters),
        filters
      )
    )
    const pageIds = query.clone().forPage(number, perPage).select('contracts.id')
    const [page, parts] = await parallelReads([
      () => paginateAtOnce(query, number, perPage),
      () => prepared(Contract.providerPartsOf(provider.ids, pageIds)),
    ] as const)
    for (const contract of page.all()) {
      contract.$setRelated(
        'parts',
        parts.filter((part) => part.contractId === contract.id)
      )
    }
    return page
  }
}
