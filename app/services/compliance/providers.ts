import db from '@adonisjs/lucid/services/db'
import ContractPart from '#models/contract_part'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { formatCnpj, formatCpf, stripDocument } from '#support/documents'
import type { ProviderType } from '#models/provider_compliance_flow'
import type { ActiveProvider } from '#dtos/available_provider_dto'
import { logoUrl, withLogoUrls } from '#services/files/logo_urls'

interface Filters {
  ids?: string[]
  search?: string
  /** Leaves out providers attached (not detached) to this flow */
  excludeFlowId?: string
}

/** A provider's formatted document: CNPJ for a company, CPF for a person */
export function formatProviderDocument(type: ProviderType, document: string | null) {
  if (!document) return ''
  return type === 'LEGAL_ENTITY' ? formatCnpj(document) : formatCpf(document)
}

/**
 * Providers (legal entities and natural persons) holding an active link
 * (counterparty part) in an `active` contract of the borrower. `providerId` is the company
 * id or the user id; the most recent active contract names the link.
 */
export async function activeProviders(
  companyId: string,
  filters: Filters = {},
  trx?: TransactionClientContract
): Promise<ActiveProvider[]> {
  const search = filters.search?.trim().toLowerCase()
  const digits = search ? stripDocument(search).toLowerCase() : ''
  /** The provider id of a link: company id (legal entity) or user id (person) */
  const party = 'coalesce(contract_parts.company_id, contract_parts.user_id)'
  /** One row per link of the company: its counterparty parts, whatever the perspective */
  const rows = await ContractPart.links(trx)
    .counterpartyOf(companyId)
    .query.join('contracts', 'contracts.id', 'contract_parts.contract_id')
    .leftJoin('companies as pc', 'pc.id', 'contract_parts.company_id')
    .leftJoin('users as pu', 'pu.id', 'contract_parts.user_id')
    .where('contracts.status', 'active')
    .where('contract_parts.is_active', true)
    .if(filters.ids, (query) =>
      query.where((ids) =>
        ids
          .whereIn('contract_parts.company_id', filters.ids!)
          .orWhereIn('contract_parts.user_id', filters.ids!)
      )
    )
    .if(search, (query) =>
      query.where((match) => {
        match
          .whereRaw('lower(coalesce(pc.name, pu.name)) like ?', [`%${search}%`])
          .orWhereRaw("lower(coalesce(pc.trade_name, '')) like ?", [`%${search}%`])
        if (digits) match.orWhereRaw('lower(coalesce(pc.document, pu.cpf)) like ?', [`%${digits}%`])
      })
    )
    .if(filters.excludeFlowId, (query) =>
      query.whereNotExists((attached) =>
        attached
          .from('provider_compliance_flows as a')
          .where('a.flow_id', filters.excludeFlowId!)
          .whereNull('a.detached_at')
          .whereRaw(`a.provider_id = ${party}`)
      )
    )
    .select(
      db.raw(`DISTINCT ON (${party}) ${party} as provider_id`),
      'contract_parts.company_id',
      'contracts.id as contract_id',
      'contracts.name as contract_name',
      db.raw('coalesce(pc.name, pu.name) as name'),
      db.raw('coalesce(pc.document, pu.cpf) as document'),
      db.raw('coalesce(pc.logo, pu.avatar) as avatar')
    )
    .orderByRaw(`${party}, contracts.created_at desc`)
    .pojo<Record<string, string | null>>()

  const shown = await withLogoUrls(rows, 'avatar')
  return shown
    .map((row) => {
      const providerType: ProviderType = row.company_id ? 'LEGAL_ENTITY' : 'NATURAL_PERSON'
      return {
        providerId: row.provider_id!,
        providerType,
        name: row.name ?? '',
        document: formatProviderDocument(providerType, row.document),
        avatar: row.avatar,
        contractId: row.contract_id!,
        contractName: row.contract_name!,
      }
    })
    .sort((a, b) => a.name.localeCompare(b.name))
}

/** Name, formatted document and avatar of providers by id (companies or users) */
export async function describeProviders(ids: string[], trx?: TransactionClientContract) {
  const unique = [...new Set(ids)]
  const result = new Map<string, { name: string; document: string; avatar: string | null }>()
  if (!unique.length) return result
  const client = trx ?? db
  const companies = await client
    .from('companies')
    .whereIn('id', unique)
    .select('id', 'name', 'document', 'logo')
  for (const company of companies) {
    result.set(company.id, {
      name: company.name,
      document: formatCnpj(company.document),
      avatar: await logoUrl(company.logo),
    })
  }
  const users = await client
    .from('users')
    .whereIn('id', unique)
    .select('id', 'name', 'cpf', 'avatar')
  for (const user of users) {
    result.set(user.id, {
      name: user.name,
      document: formatProviderDocument('NATURAL_PERSON', user.cpf),
      avatar: user.avatar,
    })
  }
  return result
}
