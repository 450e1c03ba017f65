import type { TeamLinkRow } from '#models/queries/team_links'
import { formatCnpj, formatCpf, formatDocumentSql } from '#support/documents'
import { minutesToHours, minutesToHoursSql } from '#support/hours'

/** A field of the counterpart: the company's for a legal entity, else the person's */
const party = (company: string, person: string) =>
  `CASE WHEN page.company_id IS NOT NULL THEN ${company} ELSE ${person} END`

/**
 * Provider list item (GET /providers): one per link, `id` = the provider
 * id (company id of a legal entity, user id of a natural person).
 */
export default class ProviderListItemDto {
  /**
   * fromRow built by PostgreSQL (F sends the page as JSON text): same keys,
   * order and nulls, over the columns of the team statement (`page`, `co`,
   * `u`, `h`, `l`; see queries/team_links). `createdAt`/`updatedAt` as
   * Date#toISOString prints them (UTC, `Z`).
   * tests/functional/team/list_json.spec.ts compares it with fromRow.
   */
  static JSON_SQL = `json_build_object(
    'id', coalesce(page.company_id, page.user_id),
    'document', ${party(
      `CASE WHEN co.document <> '' THEN ${formatDocumentSql('cnpj', 'co.document')} END`,
      `CASE WHEN u.cpf <> '' THEN ${formatDocumentSql('cpf', 'u.cpf')} END`
    )},
    'name', ${party('co.name', 'u.name')},
    'tradeName', ${party('co.trade_name', 'NULL')},
    'email', ${party('co.email', 'u.email')},
    'phone', ${party('co.phone', 'u.phone')},
    'status', CASE WHEN page.is_active THEN 'active' ELSE 'inactive' END,
    'companyId', page.company_id,
    'contractId', page.contract_id,
    'contractName', page.contract_name,
    'totalHoursWeek', ${minutesToHoursSql('h.week_minutes')},
    'totalHoursMonth', ${minutesToHoursSql('h.month_minutes')},
    'lastEntry', l.last_date,
    'createdAt', api_timestamp(page.part_created_at, 'UTC', true),
    'updatedAt', api_timestamp(page.part_updated_at, 'UTC', true))`

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
