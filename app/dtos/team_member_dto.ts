import type { TeamLinkItem, TeamLinkRow } from '#models/queries/team_links'
import { LOGO_PLACEHOLDER_SQL } from '#support/logo_placeholder'
import { minutesToHours, minutesToHoursSql } from '#support/hours'
import { extendShape, field, jsonShape, type ShapeOf } from '#support/json_shape'

type Row = TeamLinkRow

/** The natural person, or the owner user of a legal entity (`u`) */
const TEAM_MEMBER_USER_SHAPE = jsonShape('TeamMemberUser', {
  id: field.uuid('u.id', { read: (row: Row) => row.u_id! }),
  name: field.text('u.name', { read: (row: Row) => row.u_name! }),
  email: field.text('u.email', { read: (row: Row) => row.u_email! }),
  phone: field.textOrNull('u.phone', { read: (row: Row) => row.u_phone }),
  avatar: field.textOrNull('u.avatar', { read: (row: Row) => row.u_avatar }),
  cpf: field.textOrNull('u.cpf', { read: (row: Row) => row.u_cpf }),
})

/** The legal entity (`co`); its logo a placeholder the action signs (LOGO_PLACEHOLDER_SQL) */
const TEAM_MEMBER_COMPANY_SHAPE = jsonShape('TeamMemberCompany', {
  id: field.uuid('co.id', { read: (row: Row) => row.co_id! }),
  name: field.text('co.name', { read: (row: Row) => row.co_name! }),
  tradeName: field.textOrNull('co.trade_name', { read: (row: Row) => row.co_trade_name }),
  document: field.text('co.document', {
    read: (row: Row) => row.co_document!,
    schema: { description: 'CNPJ without punctuation' },
  }),
  email: field.textOrNull('co.email', { read: (row: Row) => row.co_email }),
  phone: field.textOrNull('co.phone', { read: (row: Row) => row.co_phone }),
  logo: field.textOrNull(LOGO_PLACEHOLDER_SQL, {
    read: (row: Row) => row.co_logo,
    schema: { description: 'signed, expiring URL (see Company.logo)' },
  }),
})

/**
 * TeamMember of the spec, built from one link row of the team statement
 * (`page`, `co`, `u`, `h`, `l`; see queries/team_links). For a legal
 * entity, `user` is the company's OWNER user.
 */
export const TEAM_MEMBER_SHAPE = jsonShape('TeamMember', {
  contractPartId: field.uuid('page.part_id', { read: (row: Row) => row.part_id }),
  type: field.text<'LEGAL_ENTITY' | 'NATURAL_PERSON'>(
    `CASE WHEN page.company_id IS NOT NULL THEN 'LEGAL_ENTITY' ELSE 'NATURAL_PERSON' END`,
    {
      read: (row: Row) => (row.company_id ? 'LEGAL_ENTITY' : 'NATURAL_PERSON'),
      schema: { enum: ['NATURAL_PERSON', 'LEGAL_ENTITY'] },
    }
  ),
  isActive: field.boolean('page.is_active', { read: (row: Row) => row.is_active }),
  userId: field.uuidOrNull('u.id', {
    read: (row: Row) => row.u_id,
    schema: { description: 'The person, or the owner user of the legal entity (null if none)' },
  }),
  companyId: field.uuidOrNull('page.company_id', { read: (row: Row) => row.company_id }),
  user: field.objectOrNull(TEAM_MEMBER_USER_SHAPE, {
    when: 'u.id IS NOT NULL',
    read: (row: Row) => (row.u_id ? row : null),
  }),
  company: field.objectOrNull(TEAM_MEMBER_COMPANY_SHAPE, {
    when: 'page.company_id IS NOT NULL',
    read: (row: Row) => (row.company_id ? row : null),
  }),
  contractId: field.uuid('page.contract_id', { read: (row: Row) => row.contract_id }),
  contractName: field.text('page.contract_name', { read: (row: Row) => row.contract_name }),
  totalHoursMonth: field.number(minutesToHoursSql('h.month_minutes'), {
    read: (row: Row) => minutesToHours(row.month_minutes),
  }),
  totalHoursWeek: field.number(minutesToHoursSql('h.week_minutes'), {
    read: (row: Row) => minutesToHours(row.week_minutes),
  }),
  lastEntry: field.textOrNull('l.last_date', {
    read: (row: Row) => row.last_date,
    schema: { format: 'date', description: 'Latest work entry day' },
  }),
})

/** A row of GET /team: adds `hasActiveContract` */
export const TEAM_MEMBER_LIST_ITEM_SHAPE = extendShape('TeamMemberListItem', TEAM_MEMBER_SHAPE, {
  hasActiveContract: field.boolean(`page.is_active AND page.contract_status = 'active'`, {
    read: (row: Row) => row.is_active && row.contract_status === 'active',
  }),
})

export default class TeamMemberDto {
  static fromRow(row: TeamLinkRow): ShapeOf<typeof TEAM_MEMBER_SHAPE.fields> {
    return TEAM_MEMBER_SHAPE.from(row)
  }

  /**
   * listItem as the compact JSON text PostgreSQL writes (E1 sends the page
   * as is); it shows a legal entity's owner user
   */
  static LIST_ITEM: TeamLinkItem = {
    sql: TEAM_MEMBER_LIST_ITEM_SHAPE.formatSql(),
    companyOwner: true,
  }

  static listItem(row: TeamLinkRow): ShapeOf<typeof TEAM_MEMBER_LIST_ITEM_SHAPE.fields> {
    return TEAM_MEMBER_LIST_ITEM_SHAPE.from(row)
  }
}
