import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import ContractPart from '#models/contract_part'

/**
 * The links (PROVIDER parts) of a user acting as provider in a borrower
 * company: its natural-person parts and the parts of the companies it
 * owns (a legal entity is acted for by its owner).
 */
export function providerLinksOf(
  borrowerId: string,
  userId: string,
  trx?: TransactionClientContract
) {
  return ContractPart.query({ client: trx })
    .where('contract_parts.role', 'PROVIDER')
    .whereHas('contract', (contract) => {
      contract.where('company_id', borrowerId).whereNull('deleted_at')
    })
    .where((owner) => {
      owner
        .where('contract_parts.user_id', userId)
        .orWhereIn(
          'contract_parts.company_id',
          db.from('company_members').select('company_id').where({ user_id: userId, role: 'owner' })
        )
    })
}

/**
 * The active link of the caller (part active, contract `active`), the
 * newest first; `providerId` picks one identity (user or company).
 */
export function activeProviderLink(
  borrowerId: string,
  userId: string,
  providerId?: string,
  trx?: TransactionClientContract
) {
  return providerLinksOf(borrowerId, userId, trx)
    .where('contract_parts.is_active', true)
    .whereHas('contract', (contract) => contract.where('status', 'active'))
    .if(providerId, (query) => {
      query.where((identity) => {
        identity
          .where('contract_parts.company_id', providerId!)
          .orWhere('contract_parts.user_id', providerId!)
      })
    })
    .preload('contract')
    .orderBy('contract_parts.created_at', 'desc')
    .first()
}

/** The ids of every link of the caller in the borrower (active or not) */
export async function providerLinkIds(
  borrowerId: string,
  userId: string,
  trx?: TransactionClientContract
) {
  const parts = await providerLinksOf(borrowerId, userId, trx).select('contract_parts.id')
  return parts.map((part) => part.id)
}

/** The links of a provider company (legal entity) with a borrower */
export function providerLinksOfCompany(
  borrowerId: string,
  companyId: string,
  trx?: TransactionClientContract
) {
  return ContractPart.query({ client: trx })
    .where('contract_parts.role', 'PROVIDER')
    .where('contract_parts.company_id', companyId)
    .whereHas('contract', (contract) => {
      contract.where('company_id', borrowerId).whereNull('deleted_at')
    })
}
