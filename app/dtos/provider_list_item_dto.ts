import type { TeamLinkItem, TeamLinkRow } from '#models/queries/team_links'
import { formatCnpj, formatCpf, formatDocumentSql } from '#support/documents'
import { minutesToHours, minutesToHoursSql } from '#support/hours'
import { field, jsonShape, type ShapeOf } from '#support/json_shape'

type Row = TeamLinkRow

/** A field of the counterpart: the company's for a legal entity, else the person's */
const party = (company: string, person: string) =>
  `CASE WHEN page.company_id IS NOT NULL THEN ${company} ELSE ${person} END`
const legalEntity = (row: Row) => row.company_id !== null

/**
 * Provider list item (GET /providers), one per link of the team statement
 * (`page`, `co`, `u`, `h`, `l`; see queries/team_links): `id` = the
 * provider id (company id of a legal entity, user id of a natural person).
 * `createdAt`/`updatedAt` as Date#toISOString prints them (UTC, `Z`).
 */
export const PROVIDER_LIST_ITEM_SHAPE = jsonShape('TeamProviderListItem', {
  id: field.uuid('coalesce(page.company_id, page.user_id)', {
    read: (row: Row) => (row.company_id ?? row.user_id)!,
    schema: { description: 'Provider id (company id or user id)' },
  }),
  document: field.textOrNull(
    party(
      `CASE WHEN co.document <> '' THEN ${formatDocumentSql('cnpj', 'co.document')} END`,
      `CASE WHEN u.cpf <> '' THEN ${formatDocumentSql('cpf', 'u.cpf')} END`
    ),
    {
      read: (row: Row) => {
        const document = legalEntity(row) ? row.co_document : row.u_cpf
        if (!document) return null
        return legalEntity(row) ? formatCnpj(document) : formatCpf(document)
      },
      schema: { description: 'Formatted CNPJ or CPF' },
    }
  ),
  name: field.text(party('co.name', 'u.name'), {
    read: (row: Row) => (legalEntity(row) ? row.co_name : row.u_name)!,
  }),
  tradeName: field.textOrNull(party('co.trade_name', 'NULL'), {
    read: (row: Row) => (legalEntity(row) ? row.co_trade_name : null),
  }),
  email: field.textOrNull(party('co.email', 'u.email'), {
    read: (row: Row) => (legalEntity(row) ? row.co_email : row.u_email),
  }),
  phone: field.textOrNull(party('co.phone', 'u.phone'), {
    read: (row: Row) => (legalEntity(row) ? row.co_phone : row.u_phone),
  }),
  status: field.text<'active' | 'inactive'>(
    `CASE WHEN page.is_active THEN 'active' ELSE 'inactive' END`,
    {
      read: (row: Row) => (row.is_active ? 'active' : 'inactive'),
      schema: { enum: ['active', 'inactive'] },
    }
  ),
  companyId: field.uuidOrNull('page.company_id', { read: (row: Row) => row.company_id }),
  contractId: field.uuid('page.contract_id', { read: (row: Row) => row.contract_id }),
  contractName: field.textOrNull('page.contract_name', { read: (row: Row) => row.contract_name }),
  totalHoursWeek: field.number(minutesToHoursSql('h.week_minutes'), {
    read: (row: Row) => minutesToHours(row.week_minutes),
  }),
  totalHoursMonth: field.number(minutesToHoursSql('h.month_minutes'), {
    read: (row: Row) => minutesToHours(row.month_minutes),
  }),
  lastEntry: field.textOrNull('l.last_date', {
    read: (row: Row) => row.last_date,
    schema: { format: 'date' },
  }),
  createdAt: field.timestamp(`api_timestamp(page.part_created_at, 'UTC', true)`, {
    read: (row: Row) => row.part_created_at,
  }),
  updatedAt: field.timestamp(`api_timestamp(page.part_updated_at, 'UTC', true)`, {
    read: (row: Row) => row.part_updated_at,
  }),
})

export default class ProviderListItemDto {
  /**
   * The item as the compact JSON text PostgreSQL writes (F sends the page
   * as is); a legal entity shows only its own fields, not an owner user
   */
  static LIST_ITEM: TeamLinkItem = {
    sql: PROVIDER_LIST_ITEM_SHAPE.formatSql(),
    companyOwner: false,
  }

  static fromRow(row: TeamLinkRow): ShapeOf<typeof PROVIDER_LIST_ITEM_SHAPE.fields> {
    return PROVIDER_LIST_ITEM_SHAPE.from(row)
  }
}
