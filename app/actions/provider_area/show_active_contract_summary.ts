import type CompanyMember from '#models/company_member'
import ContractPart, { type SignedProviderContract } from '#models/contract_part'
import { NotFoundException } from '#exceptions/http_exceptions'
import { logoUrl } from '#services/files/logo_urls'

/**
 * B1: the caller's active contract with the context (borrower) company
 * (signed, in force or about to start) and the borrower's data; 404 when
 * there is none.
 */
export default class ShowActiveContractSummary {
  async handle(membership: CompanyMember) {
    const contract = await ContractPart.signedProviderContract(
      membership.companyId,
      await membership.providerIdentities()
    )
    if (!contract) throw new NotFoundException('errors.no_active_contract')
    return activeContractWith(membership, contract)
  }
}

/** The active contract with its borrower (the context company) and the borrower's logo URL */
export async function activeContractWith(
  membership: CompanyMember,
  contract: SignedProviderContract
) {
  const borrower = membership.company
  return { contract, borrower, logo: await logoUrl(borrower.logo) }
}
