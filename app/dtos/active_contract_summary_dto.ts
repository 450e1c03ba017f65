import type Contract from '#models/contract'
import type Company from '#models/company'
import { stripDocument } from '#support/documents'

/** Provider active-contract summary (B1); `cnpj` without punctuation */
export default class ActiveContractSummaryDto {
  static from(contract: Contract, borrower: Company) {
    return {
      contractId: contract.id,
      contractStatus: contract.status,
      borrowerName: borrower.name,
      fantasyName: borrower.tradeName ?? null,
      avatar: borrower.logo ?? null,
      email: borrower.email ?? '',
      phone: borrower.phone ?? '',
      cnpj: stripDocument(borrower.document),
    }
  }
}
