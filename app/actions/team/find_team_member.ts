import { inject } from '@adonisjs/core'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Clock from '#services/platform/clock'
import { queryTeamLinks, type TeamLinkRow } from '#models/queries/team_links'
import { periodsAt } from '#support/hours'
import { NotFoundException } from '#exceptions/http_exceptions'
import type Company from '#models/company'

/** A provider has few links with one borrower; this bounds the lookup */
const MAX_LINKS = 100

/**
 * Tenant finder of the team: the links of one member (company id or user
 * id) or one link (part id) of the borrower, 404 when there is none.
 * `primary` is the link with the active contract, else the newest one.
 */
@inject()
export default class FindTeamMember {
  constructor(private clock: Clock) {}

  async links(
    company: Company,
    target: { memberId: string } | { partId: string },
    trx?: TransactionClientContract
  ) {
    const { rows } = await queryTeamLinks(
      { borrowerId: company.id },
      { ...target, page: 1, pageSize: MAX_LINKS },
      periodsAt(this.clock.now(), company.timezone),
      trx
    )
    if (rows.length === 0) {
      throw new NotFoundException('partId' in target ? 'Link not found' : 'Member not found')
    }
    return rows
  }

  async primary(company: Company, memberId: string, trx?: TransactionClientContract) {
    return FindTeamMember.primaryOf(await this.links(company, { memberId }, trx))
  }

  static primaryOf(rows: TeamLinkRow[]): TeamLinkRow {
    const active = rows.find((row) => row.is_active && row.contract_status === 'active')
    if (active) return active
    return [...rows].sort((a, b) => b.part_created_at.getTime() - a.part_created_at.getTime())[0]
  }
}
