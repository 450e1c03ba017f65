import { inject } from '@adonisjs/core'
import type { Infer } from '@vinejs/vine/types'
import Clock from '#services/platform/clock'
import { queryTeamLinksJson } from '#models/queries/team_links'
import { fillLogoUrls } from '#services/files/logo_urls'
import { periodsAt } from '#support/hours'
import type Company from '#models/company'
import readCache, { readCacheKey, textBytes } from '#services/platform/read_cache'
import { READ_SCOPES, type ReadVersions } from '#support/read_versions'
import { DEFAULT_PAGE_SIZE, type listTeamValidator } from '#validators/team'
import TeamMemberDto from '#dtos/team_member_dto'
import ProviderListItemDto from '#dtos/provider_list_item_dto'
import PageMetaDto from '#dtos/page_meta_dto'

type Filters = Infer<typeof listTeamValidator>
type PageMeta = ReturnType<typeof PageMetaDto.from>

/**
 * The two lists of team links: their cache name, their item (the DTO's
 * shape as compact JSON text, formatSql, TeamLinkItem) and their envelope around
 * the items' JSON text (GET /providers also repeats `total` at the top).
 */
export const TEAM_LISTS = {
  team: {
    read: 'team',
    item: TeamMemberDto.LIST_ITEM,
    body: (data: string, meta: PageMeta) => `{"data":${data},"meta":${JSON.stringify(meta)}}`,
  },
  providers: {
    read: 'providers',
    item: ProviderListItemDto.LIST_ITEM,
    body: (data: string, meta: PageMeta) =>
      `{"data":${data},"total":${meta.total},"meta":${JSON.stringify(meta)}}`,
  },
} as const

/**
 * The borrower's team: one row per link (PROVIDER part of its contracts)
 * with the hour totals of the current week and month in the company
 * timezone. Also the rows of GET /providers. The items come as JSON text
 * written by PostgreSQL with the list's item SQL (TEAM_LISTS), logos
 * signed here.
 */
@inject()
export default class ListTeamMembers {
  constructor(private clock: Clock) {}

  /**
   * `list`: which of TEAM_LISTS; `versions`: the context's read versions,
   * the page is cached under them (ReadCache) and the week and month it
   * totals, the logos signed on every request. Returns the response body.
   */
  async handle(
    company: Company,
    filters: Filters,
    list: keyof typeof TEAM_LISTS,
    versions: ReadVersions | null = null
  ): Promise<string> {
    const shown = TEAM_LISTS[list]
    const page = filters.page ?? 1
    const pageSize = filters.pageSize ?? DEFAULT_PAGE_SIZE
    const periods = periodsAt(this.clock.now(), company.timezone)
    const key = readCacheKey(shown.read, [company.id, filters, periods])
    const result = await readCache.remember(
      key,
      versions,
      READ_SCOPES[shown.read],
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
          shown.item
        )
        return { value: links, bytes: textBytes(links.data) + links.logos.length * 256 }
      }
    )
    const data = await fillLogoUrls(result.data, result.logos)
    return shown.body(data, PageMetaDto.from(result.total, page, pageSize, result.capped))
  }
}
