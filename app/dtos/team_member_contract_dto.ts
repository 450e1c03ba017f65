import type Contract from '#models/contract'
import type ContractPart from '#models/contract_part'

/** Hourly rate of a part: its value for HOURLY, else value / monthly hours */
function partRate(part: ContractPart): number | null {
  if (part.valueCents === null) return null
  const cents = Number(part.valueCents)
  if (part.contractType === 'HOURLY') return cents / 100
  if (!part.monthlyHours) return null
  return Math.round(cents / part.monthlyHours) / 100
}

/**
 * TeamMemberContract (E2 `contract`) and TeamMemberContractHistory
 * (`contractsHistory`, adds the link's `isActive`).
 */
export default class TeamMemberContractDto {
  static fromModel(contract: Contract, part: ContractPart) {
    return {
      id: contract.id,
      name: contract.name,
      status: contract.status,
      startDate: contract.startDate?.toISODate() ?? null,
      endDate: contract.endDate?.toISODate() ?? null,
      contractType: part.contractType,
      partRateValue: partRate(part),
      monthlyHours: part.monthlyHours,
      value: part.valueCents === null ? null : Number(part.valueCents) / 100,
      description: contract.description,
      signedDocument: contract.signedDocumentPath,
      createdAt: contract.createdAt.toISO()!,
      updatedAt: contract.updatedAt.toISO()!,
    }
  }

  static history(contract: Contract, part: ContractPart) {
    return { ...TeamMemberContractDto.fromModel(contract, part), isActive: part.isActive }
  }
}
