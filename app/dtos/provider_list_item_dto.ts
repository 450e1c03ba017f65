import type { TeamLinkRow } from '#models/queries/team_links'
import { formatCnpj, formatCpf } from '#support/documents'
import { minutesToHours } from '#support/hours'

/**
 * Provider list item (GET /providers): one per link, `id` = the provider
 * id (company id of a legal entity, user id of a natural person).
 */
export default class ProviderListItemDto {
  static fromRow(row: TeamLinkRow) {
    const legalEntity = row.company_id !== null
    const document = legalEntity ? row.co_document : row.u_cpf
    return {
      id: (row.company_id ?? row.user_id)!,
      document: document ? (legalEntity ? formatCnpj(document) : formatCpf(document)) : null,
      name: (legalEntity ? row.co_name : row.u_name)!,
      tradeName: legalEntity ? row.co_trade_name : null,
      email: legalEntity ? row.co_email : row.u_email,
      phone: legalEntity ? row.co_phone : row.u_phone,
      status: row.is_active ? ('active' as const) : ('inactive' as const),
      companyId: row.company_id,
      contractId: row.contract_id,
      contractName: row.contract_name ?? null,
      totalHoursWeek: minutesToHours(row.week_minutes),
      totalHoursMonth: minutesToHours(row.month_minutes),
      lastEntry: row.last_date,
      createdAt: row.part_created_at.toISOString(),
      updatedAt: row.part_updated_at.toISOString(),
    }
  }
}
