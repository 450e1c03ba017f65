import { inject } from '@adonisjs/core'
import type { Infer } from '@vinejs/vine/types'
import Clock from '#services/platform/clock'
import { queryTeamLinksJson } from '#models/queries/team_links'
import { fillLogoUrls } from '#services/files/logo_urls'
import { periodsAt } from '#support/hours'
import type Company from '#models/company'
import { DEFAULT_PAGE_SIZE, type listTeamValidator } from '#validators/team'

type Filters = Infer<typeof listTeamValidator>

/**
 * The borrower's team: one row per link (PROVIDER part of its contracts)
 * with the hour totals of the current week and month in the company
 * timezone. Also the rows of GET /providers. The items come as JSON text
 * written by PostgreSQL with `itemSql` (the DTO's SQL twin:
 * TeamMemberDto.LIST_ITEM_JSON_SQL, ProviderListItemDto.JSON_SQL), logos
 * signed here.
 */
@inject()
export default class ListTeamMembers {
  constructor(private clock: Clock) {}

  async handle(company: Company, filters: Filters, itemSql: string) {
    const page = filters.page ?? 1
    const pageSize = filters.pageSize ?? DEFAULT_PAGE_SIZE
    const result = await queryTeamLinksJson(
      company.id,
      {
        search: filters.search,
        isActive: filters.status ? filters.status === 'active' : undefined,
        page,
        pageSize,
      },
      periodsAt(this.clock.now(), company.timezone),
      itemSql
    )
    return {
      data: await fillLogoUrls(result.data, result.logos),
      total: result.total,
      page,
      pageSize,
    }
  }
}
