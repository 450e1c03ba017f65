import type { ModelQueryBuilderContract } from '@adonisjs/lucid/types/model'
import Contract from '#models/contract'
import ContractPart from '#models/contract_part'
import type Company from '#models/company'
import type User from '#models/user'
import db from '@adonisjs/lucid/services/db'
import { NotFoundException } from '#exceptions/http_exceptions'
import { UNPUBLISHED_STATUSES } from '#support/contract_rules'

/** The provider behind a user: the user (natural person) and the companies it owns */
export interface ProviderIdentity {
  userId: string
  companyIds: string[]
}

export async function providerIdentity(user: User): Promise<ProviderIdentity> {
  const owned = await db
    .from('company_members')
    .where('user_id', user.id)
    .where('role', 'owner')
    .select('company_id')
  return { userId: user.id, companyIds: owned.map((row) => row.company_id) }
}

function providerParts<Query extends ModelQueryBuilderContract<typeof ContractPart, any>>(
  query: Query,
  who: ProviderIdentity
): Query {
  query.where('contract_parts.role', 'PROVIDER').where((party) => {
    party.where('contract_parts.user_id', who.userId)
    if (who.companyIds.length) party.orWhereIn('contract_parts.company_id', who.companyIds)
  })
  return query
}

/**
 * Contracts of the context (borrower) company where the provider is a
 * part, published ones only, each with the provider's part preloaded.
 */
export function providerContractsQuery(company: Company, who: ProviderIdentity) {
  return Contract.query()
    .withScopes((scopes) => scopes.ownedBy(company.id))
    .whereNotIn('contracts.status', [...UNPUBLISHED_STATUSES])
    .whereHas('parts', (parts) => providerParts(parts, who))
    .preload('parts', (parts) => providerParts(parts, who).orderBy('created_at'))
}

/** One provider contract with its uploaded files, else 404 */
export async function findProviderContract(company: Company, user: User, id: string) {
  const who = await providerIdentity(user)
  const contract = await providerContractsQuery(company, who)
    .where('contracts.id', id)
    .preload('uploadedFiles', (files) =>
      files
        .whereIn(
          'part_id',
          providerParts(ContractPart.query(), who).where('contract_id', id).select('id')
        )
        .preload('document')
        .orderBy('uploaded_at')
    )
    .first()
  if (!contract) throw new NotFoundException('Contract not found')
  return contract
}
