import type { TeamLinkRow } from '#models/queries/team_links'
import { minutesToHours } from '#support/hours'

/**
 * A row of GET /clients: the mirror of TeamMember for the provider side,
 * the counterpart being the borrower company.
 */
export default class TeamClientDto {
  static fromRow(row: TeamLinkRow) {
    return {
      contractPartId: row.part_id,
      isActive: row.is_active,
      hasActiveContract: row.is_active && row.contract_status === 'active',
      companyId: row.borrower_id,
      company: {
        id: row.co_id!,
        name: row.co_name!,
        tradeName: row.co_trade_name,
        document: row.co_document!,
        email: row.co_email,
        phone: row.co_phone,
        logo: row.co_logo,
      },
      contractId: row.contract_id,
      contractName: row.contract_name,
      totalHoursMonth: minutesToHours(row.month_minutes),
      totalHoursWeek: minutesToHours(row.week_minutes),
      lastEntry: row.last_date,
    }
  }
}
