import Company from '#models/company'
import CompanyMember, { type ProviderIdentities } from '#models/company_member'
import ContractPart from '#models/contract_part'
import { NotFoundException } from '#exceptions/http_exceptions'
import { logoUrl } from '#services/files/logo_urls'
import { prepared } from '#support/prepared_statement'

/**
 * B1: the caller's active contract with the context (borrower) company
 * (signed, in force or about to start) and the borrower's data; 404 when
 * there is none.
 */
export default class ShowActiveContractSummary {
  async handle(membership: CompanyMember) {
    const found = await this.find(membership)
    if (!found) throw new NotFoundException('errors.no_active_contract')
    return found
  }

  /** The same, or null (dashboard); `provider` when the caller has read its identities */
  async find(membership: CompanyMember, provider?: ProviderIdentities) {
    const link = await ContractPart.signedProviderLink(
      membership.companyId,
      provider ?? (await CompanyMember.providerIdentitiesOf(membership.userId))
    )
    if (!link) return null
    const borrower = await prepared(
      Company.query().where('id', link.contract.companyId)
    ).firstOrFail()
    return { contract: link.contract, borrower, logo: await logoUrl(borrower.logo) }
  }
}
