import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import {
  queryTeamLinks,
  queryTeamLinksJson,
  type TeamLinkFilters,
} from '#models/queries/team_links'
import { fillLogoUrls, withLogoUrls } from '#services/files/logo_urls'
import TeamMemberDto from '#dtos/team_member_dto'
import ProviderListItemDto from '#dtos/provider_list_item_dto'
import { periodsAt } from '#support/hours'
import type Company from '#models/company'
import { companyWithOwner, memberOf } from '#tests/support/tenancy'
import { entryOn, legalProvider, linkProvider, naturalProvider } from '#tests/support/hours'

const NOW = DateTime.fromISO('2026-03-18T15:00:00.000Z')

/** A signed URL carries its expiry: compare where it points, not when it expires */
const unsigned = (items: unknown) =>
  JSON.parse(JSON.stringify(items), (key, value) =>
    key === 'logo' && typeof value === 'string' ? value.split('?')[0] : value
  )

/**
 * A borrower whose links cover what the two item shapes branch on: legal
 * entities with a stored logo, a legacy logo URL, no logo, a document that
 * is no CNPJ, two owners or none; persons with and without CPF; hours that
 * round (1, 20, 90 minutes), in and out of the week and month; an inactive
 * link of a finished contract; timestamps with microseconds.
 */
async function variedBorrower() {
  const { company: borrower } = await companyWithOwner()
  const stored = await legalProvider(borrower, { contractName: 'Stored logo' })
  await db
    .from('companies')
    .where('id', stored.company.id)
    .update({ logo: `companies/${stored.company.id}/logo/one.png` })
  await memberOf(stored.company, 'owner')

  const legacy = await legalProvider(borrower)
  await db
    .from('companies')
    .where('id', legacy.company.id)
    .update({ logo: 'HTTPS://cdn.example.test/logo.png', document: '12.345/6', trade_name: null })

  const ownerless = await legalProvider(borrower)
  await db
    .from('company_members')
    .where('company_id', ownerless.company.id)
    .where('role', 'owner')
    .delete()

  const person = await naturalProvider(borrower)
  await db.from('users').where('id', person.user.id).update({ cpf: '12345678909', phone: null })
  const noCpf = await naturalProvider(borrower)
  await db.from('users').where('id', noCpf.user.id).update({ cpf: null })
  await linkProvider(borrower, { userId: person.user.id }, { status: 'finished', isActive: false })

  await entryOn(person.part, person.user, '2026-03-16', [1, 20])
  await entryOn(person.part, person.user, '2026-03-02', [90])
  await entryOn(stored.part, stored.owner, '2026-03-17', [7])
  await entryOn(stored.part, stored.owner, '2026-02-27', [60])

  await db.rawQuery(
    `UPDATE contract_parts SET created_at = '2026-03-01 10:00:00.123456+00',
                               updated_at = '2026-03-05 23:59:59.999999+00'
      WHERE counterparty_of = ?`,
    [borrower.id]
  )
  return borrower
}

async function bothWays(borrower: Company, filters: TeamLinkFilters) {
  const periods = periodsAt(NOW, borrower.timezone)
  const { rows, total } = await queryTeamLinks({ borrowerId: borrower.id }, filters, periods)
  const signed = await withLogoUrls(rows, 'co_logo')
  const team = await queryTeamLinksJson(borrower.id, filters, periods, TeamMemberDto.LIST_ITEM)
  const providers = await queryTeamLinksJson(
    borrower.id,
    filters,
    periods,
    ProviderListItemDto.LIST_ITEM
  )
  return {
    rows,
    total,
    dto: {
      team: signed.map((row) => TeamMemberDto.listItem(row)),
      providers: rows.map((row) => ProviderListItemDto.fromRow(row)),
    },
    sql: {
      team: JSON.parse(await fillLogoUrls(team.data, team.logos)),
      providers: JSON.parse(providers.data),
    },
    totals: [team.total, providers.total],
  }
}

test.group('Team / E1 and F items built by PostgreSQL', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('every item equals its DTO, key for key and in order', async ({ assert }) => {
    const borrower = await variedBorrower()
    const cases: TeamLinkFilters[] = [
      { page: 1, pageSize: 20 },
      { page: 1, pageSize: 2 },
      { page: 3, pageSize: 2 },
      { page: 1, pageSize: 20, isActive: false },
      { page: 1, pageSize: 20, search: '123.456.789-09' },
      { page: 1, pageSize: 1, search: '@' },
      /** A counted total past the last page, and no match at all */
      { page: 9, pageSize: 1, search: '@' },
      { page: 1, pageSize: 20, search: 'no such provider' },
      { page: 9, pageSize: 20 },
    ]
    for (const filters of cases) {
      const { rows, total, dto, sql, totals } = await bothWays(borrower, filters)
      assert.deepEqual(totals, [total, total])
      /** Same keys in the same order (deepEqual ignores order) */
      assert.deepEqual(JSON.stringify(unsigned(sql.team)), JSON.stringify(unsigned(dto.team)))
      assert.deepEqual(JSON.stringify(sql.providers), JSON.stringify(dto.providers))
      assert.lengthOf(sql.team, rows.length)
    }

    const all = await bothWays(borrower, { page: 1, pageSize: 20 })
    assert.equal(all.total, 6)
    const logos = all.sql.team.map((item: any) => item.company?.logo ?? null)
    assert.includeMembers(logos, ['HTTPS://cdn.example.test/logo.png', null])
    const signedLogo = logos.find((logo: string | null) => logo?.includes('one.png'))
    assert.match(signedLogo, /^https?:\/\/.+one\.png\?/)
    const hours = all.sql.providers.map((item: any) => [item.totalHoursWeek, item.totalHoursMonth])
    assert.deepInclude(hours, [0.35, 1.85])
    assert.deepInclude(hours, [0.12, 0.12])
    const documents = all.sql.providers.map((item: any) => item.document)
    assert.includeMembers(documents, ['123.456.789-09', '12.345/6', null])
    assert.equal(all.sql.providers[0].createdAt, '2026-03-01T10:00:00.123Z')
  })
})
