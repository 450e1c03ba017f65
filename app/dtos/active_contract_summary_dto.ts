import type { SignedProviderContract } from '#models/contract_part'
import type Company from '#models/company'
import { stripDocument } from '#support/documents'
import { summaryContractStatus } from '#support/contract_rules'

/**
 * Provider active-contract summary (B1); `cnpj` without punctuation,
 * `contractStatus` mapped onto the spec's four values; `avatar` is the
 * borrower's logo URL (`logoUrl`), computed by the action
 */
export default class ActiveContractSummaryDto {
  static from(contract: SignedProviderContract, borrower: Company, logo: string | null) {
    return {
      contractId: contract.id,
      contractStatus: summaryContractStatus(contract.status),
      borrowerName: borrower.name,
      fantasyName: borrower.tradeName ?? null,
      avatar: logo,
      email: borrower.email ?? '',
      phone: borrower.phone ?? '',
      cnpj: stripDocument(borrower.document),
    }
  }
}
