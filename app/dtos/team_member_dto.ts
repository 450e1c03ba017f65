import type { TeamLinkRow } from '#models/queries/team_links'
import { minutesToHours } from '#support/hours'

/**
 * TeamMember of the spec, built from one link row. For a legal entity,
 * `user` is the company's OWNER user.
 */
export default class TeamMemberDto {
  static fromRow(row: TeamLinkRow) {
    return {
      contractPartId: row.part_id,
      type: row.company_id ? ('LEGAL_ENTITY' as const) : ('NATURAL_PERSON' as const),
      isActive: row.is_active,
      userId: row.u_id,
      companyId: row.company_id,
      user: row.u_id
        ? {
            id: row.u_id,
            name: row.u_name!,
            email: row.u_email!,
            phone: row.u_phone,
            avatar: row.u_avatar,
            cpf: row.u_cpf,
          }
        : null,
      company: row.company_id
        ? {
            id: row.co_id!,
            name: row.co_name!,
            tradeName: row.co_trade_name,
            document: row.co_document!,
            email: row.co_email,
            phone: row.co_phone,
            logo: row.co_logo,
          }
        : null,
      contractId: row.contract_id,
      contractName: row.contract_name,
      totalHoursMonth: minutesToHours(row.month_minutes),
      totalHoursWeek: minutesToHours(row.week_minutes),
      lastEntry: row.last_date,
    }
  }

  /** A row of GET /team: adds `hasActiveContract` */
  static listItem(row: TeamLinkRow) {
    return {
      ...TeamMemberDto.fromRow(row),
      hasActiveContract: row.is_active && row.contract_status === 'active',
    }
  }
}
