import type Company from '#models/company'
import type Contract from '#models/contract'
import ContractDto from '#dtos/contract_dto'

/**
 * ProviderContract: the contract record plus the provider's part data and
 * the borrower (the context company). Expects the provider's parts preloaded.
 */
export default class ProviderContractDto {
  static fromModel(contract: Contract, borrower: Company, signedDocument: string | null) {
    const part = contract.parts[0]
    const hourly = part?.contractType === 'HOURLY' && part.valueCents !== null
    return {
      ...ContractDto.record(contract),
      isActive: part?.isActive ?? false,
      borrowerName: borrower.name,
      borrowerCnpj: borrower.document,
      monthlyHours: part?.monthlyHours ?? null,
      hourlyRate: hourly ? Number(part.valueCents) / 100 : null,
      value: part?.value ?? null,
      contractType: part?.contractType ?? null,
      startDate: contract.startDate?.toISODate() ?? null,
      endDate: contract.endDate?.toISODate() ?? null,
      signedDocument,
    }
  }
}
