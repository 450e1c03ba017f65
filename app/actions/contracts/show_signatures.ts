import Contract from '#models/contract'
import type Company from '#models/company'
import type CompanyMember from '#models/company_member'
import type User from '#models/user'
import ContractSignatureDto from '#dtos/contract_signature_dto'
import { NotFoundException } from '#exceptions/http_exceptions'
import { loadSignatureGroups, memberFor } from '#services/contracts/signature_flow'
import { isProvider } from '#enums/roles'

/**
 * GET /contracts/:id/signatures: the borrower side sees every contract of
 * the company; a provider only those it signs (else 404).
 */
export default class ShowSignatures {
  async handle(company: Company, membership: CompanyMember, user: User, id: string) {
    const contract = await Contract.findOwned(company.id, id)
    const groups = await loadSignatureGroups(contract.id)
    if (isProvider(membership.role) && !memberFor(groups, user)) {
      throw new NotFoundException('errors.contract_not_found')
    }
    return ContractSignatureDto.overview(groups)
  }
}
