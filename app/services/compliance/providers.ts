import db from '@adonisjs/lucid/services/db'
import Contract from '#models/contract'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { formatCnpj, formatCpf, stripDocument } from '#support/documents'
import type { ProviderType } from '#models/provider_compliance_flow'
import type { ActiveProvider } from '#dtos/available_provider_dto'

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
 * Providers (legal entities and natural persons) holding an active PROVIDER
 * part in an `active` contract of the borrower. `providerId` is the company
 * id or the user id; the most recent active contract names the link.
 */
export async function activeProviders(
  companyId: string,
  filters: Filters = {},
  trx?: TransactionClientContract
): Promise<ActiveProvider[]> {
  const search = filters.search?.trim().toLowerCase()
  const digits = search ? stripDocument(search).toLowerCase() : ''
  const rows = await Contract.query({ client: trx })
    .withScopes((scopes) => scopes.ownedBy(companyId))
    .join('contract_parts as p', 'p.contract_id', 'contracts.id')
    .leftJoin('companies as pc', 'pc.id', 'p.company_id')
    .leftJoin('users as pu', 'pu.id', 'p.user_id')
    .where('contracts.status', 'active')
    .where('p.role', 'PROVIDER')
    .where('p.is_active', true)
    .if(filters.ids, (query) =>
      query.where((ids) =>
        ids.whereIn('p.company_id', filters.ids!).orWhereIn('p.user_id', filters.ids!)
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
          .whereRaw('a.provider_id = coalesce(p.company_id, p.user_id)')
      )
    )
    .select(
      db.raw(
        'DISTINCT ON (coalesce(p.company_id, p.user_id)) coalesce(p.company_id, p.user_id) as provider_id'
      ),
      'p.company_id',
      'contracts.id as contract_id',
      'contracts.name as contract_name',
      db.raw('coalesce(pc.name, pu.name) as name'),
      db.raw('coalesce(pc.document, pu.cpf) as document'),
      db.raw('coalesce(pc.logo, pu.avatar) as avatar')
    )
    .orderByRaw('coalesce(p.company_id, p.user_id), contracts.created_at desc')
    .pojo<Record<string, string | null>>()

  return rows
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
      avatar: company.logo,
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
