import type Contract from '#models/contract'
import type ContractPart from '#models/contract_part'
import type User from '#models/user'

/** Hour totals of a link, as the team area computes them (queryTeamLinks) */
export interface LinkHours {
  totalHoursWeek: number
  totalHoursMonth: number
  lastEntry: string | null
}

const NO_HOURS: LinkHours = { totalHoursWeek: 0, totalHoursMonth: 0, lastEntry: null }

/**
 * TeamMember as H10 shows it (a provider part of the contract) with the
 * link's hour totals. Expects the part's company / user preloaded, the
 * owner user of a legal entity and the company's logo URL (`logoUrl`).
 */
export default class ContractTeamMemberDto {
  static fromPart(
    part: ContractPart,
    contract: Contract,
    owner: User | null,
    logo: string | null,
    hours: LinkHours = NO_HOURS
  ) {
    const user = part.companyId ? owner : part.user
    const userFields = user
      ? {
          id: user.id,
          name: user.name,
          email: user.email,
          phone: user.phone,
          avatar: user.avatar,
          cpf: user.cpf,
        }
      : null
    return {
      contractPartId: part.id,
      type: part.companyId ? ('LEGAL_ENTITY' as const) : ('NATURAL_PERSON' as const),
      isActive: part.isActive,
      userId: user?.id ?? null,
      companyId: part.companyId,
      user: userFields,
      company: part.companyId
        ? {
            id: part.company.id,
            name: part.company.name,
            tradeName: part.company.tradeName,
            document: part.company.document,
            email: part.company.email,
            phone: part.company.phone,
            logo,
          }
        : null,
      contractId: contract.id,
      contractName: contract.name,
      ...hours,
    }
  }
}
