import { inject } from '@adonisjs/core'
import type { Infer } from '@vinejs/vine/types'
import Clock from '#services/platform/clock'
import { queryTeamLinks } from '#models/queries/team_links'
import { withLogoUrls } from '#services/files/logo_urls'
import { periodsAt } from '#support/hours'
import { isCompanyAdmin } from '#enums/roles'
import { DEFAULT_PAGE_SIZE, type listTeamValidator } from '#validators/team'
import type CompanyMember from '#models/company_member'
import type User from '#models/user'

type Filters = Infer<typeof listTeamValidator>

/**
 * GET /clients, the mirror of the team for the provider side: the links
 * where the context company (its owner/admin calling) or the calling
 * natural person (role provider) is the provider, with the borrower as
 * counterpart.
 */
@inject()
export default class ListClients {
  constructor(private clock: Clock) {}

  async handle(user: User, membership: CompanyMember, filters: Filters) {
    const page = filters.page ?? 1
    const pageSize = filters.pageSize ?? DEFAULT_PAGE_SIZE
    const scope = isCompanyAdmin(membership.role)
      ? { providerCompanyId: membership.companyId }
      : { providerUserId: user.id }
    const result = await queryTeamLinks(
      scope,
      {
        search: filters.search,
        isActive: filters.status ? filters.status === 'active' : undefined,
        page,
        pageSize,
      },
      periodsAt(this.clock.now(), membership.company.timezone)
    )
    return { ...result, rows: await withLogoUrls(result.rows, 'co_logo'), page, pageSize }
  }
}
