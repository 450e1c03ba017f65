import type { TeamLinkRow } from '#models/queries/team_links'
import { LOGO_PLACEHOLDER_SQL } from '#support/logo_placeholder'
import { minutesToHours, minutesToHoursSql } from '#support/hours'

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

  /**
   * listItem built by PostgreSQL (E1 sends the page as JSON text): same
   * keys, order and nulls, over the columns of the team statement (`page`,
   * `co`, `u`, `h`, `l`; see queries/team_links). `company.logo` is a
   * placeholder the action signs (LOGO_PLACEHOLDER_SQL).
   * tests/functional/team/list_json.spec.ts compares it with listItem.
   */
  static LIST_ITEM_JSON_SQL = `json_build_object(
    'contractPartId', page.part_id,
    'type', CASE WHEN page.company_id IS NOT NULL THEN 'LEGAL_ENTITY' ELSE 'NATURAL_PERSON' END,
    'isActive', page.is_active,
    'userId', u.id,
    'companyId', page.company_id,
    'user', CASE WHEN u.id IS NOT NULL THEN json_build_object(
      'id', u.id, 'name', u.name, 'email', u.email, 'phone', u.phone, 'avatar', u.avatar,
      'cpf', u.cpf) END,
    'company', CASE WHEN page.company_id IS NOT NULL THEN json_build_object(
      'id', co.id, 'name', co.name, 'tradeName', co.trade_name, 'document', co.document,
      'email', co.email, 'phone', co.phone, 'logo', ${LOGO_PLACEHOLDER_SQL}) END,
    'contractId', page.contract_id,
    'contractName', page.contract_name,
    'totalHoursMonth', ${minutesToHoursSql('h.month_minutes')},
    'totalHoursWeek', ${minutesToHoursSql('h.week_minutes')},
    'lastEntry', l.last_date,
    'hasActiveContract', page.is_active AND page.contract_status = 'active')`

  /** A row of GET /team: adds `hasActiveContract` */
  static listItem(row: TeamLinkRow) {
    return {
      ...TeamMemberDto.fromRow(row),
      hasActiveContract: row.is_active && row.contract_status === 'active',
    }
  }
}
