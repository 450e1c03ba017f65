import { inject } from '@adonisjs/core'
import type { Infer } from '@vinejs/vine/types'
import Clock from '#services/platform/clock'
import { queryTeamLinksJson } from '#models/queries/team_links'
import { fillLogoUrls } from '#services/files/logo_urls'
import { periodsAt } from '#support/hours'
import type Company from '#models/company'
import readCache, { readCacheKey, textBytes } from '#services/platform/read_cache'
import type { ReadVersions } from '#support/read_versions'
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

  /**
   * `item`: the list (`read`: its cache name) and its item's SQL; `versions`:
   * the context's read versions, the page is cached under them (ReadCache)
   * and the week and month it totals, the logos signed on every request.
   */
  async handle(
    company: Company,
    filters: Filters,
    item: { read: string; sql: string },
    versions: ReadVersions | null = null
  ) {
    const page = filters.page ?? 1
    const pageSize = filters.pageSize ?? DEFAULT_PAGE_SIZE
    const periods = periodsAt(this.clock.now(), company.timezone)
    const key = readCacheKey(item.read, [company.id, filters, periods])
    const result = await readCache.remember(
      key,
      versions,
      ['company', 'directory'],
      this.clock.now().toMillis(),
      async () => {
        const links = await queryTeamLinksJson(
          company.id,
          {
            search: filters.search,
            isActive: filters.status ? filters.status === 'active' : undefined,
            page,
            pageSize,
          },
          periods,
          item.sql
        )
        return { value: links, bytes: textBytes(links.data) + links.logos.length * 256 }
      }
    )
    return {
      data: await fillLogoUrls(result.data, result.logos),
      total: result.total,
      page,
      pageSize,
    }
  }
}
