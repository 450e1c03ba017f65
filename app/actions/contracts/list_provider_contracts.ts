import { inject } from '@adonisjs/core'
import type { Infer } from '@vinejs/vine/types'
import type Company from '#models/company'
import Contract from '#models/contract'
import CompanyMember, { type ProviderIdentities } from '#models/company_member'
import FileStorageService from '#services/files/storage_service'
import ProviderContractDto from '#dtos/provider_contract_dto'
import {
  applyContractFilters,
  newestFirstSql,
  orderByNewest,
} from '#actions/contracts/list_contracts'
import type { listContractsValidator } from '#validators/contract'
import { asPreparedStatement, plannedAs } from '#support/prepared_statement'
import { paginateAtOnce } from '#models/queries/paginate_at_once'
import db from '@adonisjs/lucid/services/db'
import { ModelPaginator } from '@adonisjs/lucid/orm'
import type { ModelQueryBuilderContract } from '@adonisjs/lucid/types/model'
import ContractPart from '#models/contract_part'
import { fromRowJson, rowJsonSql } from '#models/queries/row_json'

type Filters = Infer<typeof listContractsValidator>

/**
 * B4 (GET /contracts for the provider role): every published contract of
 * the context company where the provider is a part; `isActive` comes from
 * the provider's part (inactive = history).
 */
@inject()
export default class ListProviderContracts {
  constructor(protected storage: FileStorageService) {}

  async handle(company: Company, membership: CompanyMember, filters: Filters) {
    const provider = await membership.providerIdentities()
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
   * links (`kept`) reads the count, the page and each page row's part in
   * one prepared statement (pageWithParts): as three statements, each
   * running in 0.05-0.06 ms, their round trips cost the API and PostgreSQL
   * several times that. Past that its page is read once, its parts after it.
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
    const query = orderByNewest(
      applyContractFilters(Contract.publishedOfProvider(company.id, provider.ids), filters),
      filters
    )
    return this.#pageWithParts(query, provider, filters, number, perPage)
  }

  /**
   * `query`'s page (its rows in its order), each row with the provider's
   * part of it, and the count of `query`, in one statement: the count as
   * a sub-select, the page and the parts as lateral reads of one row each.
   */
  async #pageWithParts(
    query: ModelQueryBuilderContract<typeof Contract>,
    provider: ProviderIdentities,
    filters: Filters,
    number: number,
    perPage: number
  ) {
    const count = query.clone().clearOrder().clearSelect().count('* as total').toSQL()
    const page = query.clone().forPage(number, perPage).toSQL()
    const part = Contract.providerPartOfRow(provider.ids, 'page').toSQL()
    const { rows } = await asPreparedStatement(
      db.rawQuery(
        `SELECT (${count.sql})::int AS total, ${rowJsonSql('page')} AS page,
                ${rowJsonSql('part')} AS part
           FROM (SELECT 1) one
           LEFT JOIN LATERAL (${page.sql}) page ON true
           LEFT JOIN LATERAL (${part.sql}) part ON true
          ORDER BY ${newestFirstSql(filters, 'page')}`,
        [...count.bindings, ...page.bindings, ...part.bindings]
      )
    )
    const contracts = rows.flatMap((row) => {
      const contract = fromRowJson(Contract, row.page)
      if (!contract) return []
      const own = fromRowJson(ContractPart, row.part)
      contract.$setRelated('parts', own ? [own] : [])
      return [contract]
    })
    const paginator = new ModelPaginator(rows[0].total, perPage, number, ...contracts)
    paginator.namingStrategy = Contract.namingStrategy
    return paginator
  }
}
