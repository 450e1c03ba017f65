import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import type Company from '#models/company'
import type User from '#models/user'
import { companyWithOwner } from '#tests/support/tenancy'
import { entryOn, legalProvider, linkProvider } from '#tests/support/hours'
import { freezeClock } from '#tests/support/clock'
import { as } from '#tests/support/http'
import { queriesOf } from '#tests/support/statements'

/** A borrower and a provider company with `links` contracts, one entry on the first */
async function providerWithLinks(links: number) {
  const { company: borrower, owner } = await companyWithOwner()
  const provider = await legalProvider(borrower)
  for (let more = 1; more < links; more++) {
    await linkProvider(borrower, { companyId: provider.company.id })
  }
  await entryOn(provider.part, provider.owner, '2026-03-20', [60])
  return { borrower, owner, provider }
}

/** The values bound to the statements `send` makes, an array counting its elements */
async function boundValues(send: () => Promise<unknown>) {
  const values = (await queriesOf(send)).flatMap(({ bindings }) => bindings)
  return values.reduce<number>(
    (count, value) => count + (Array.isArray(value) ? value.length : 1),
    0
  )
}

/** What each hours route binds for a provider, read by its owner and by the borrower */
async function bindingsOfHours(
  client: Parameters<typeof as>[0],
  { borrower, owner, provider }: { borrower: Company; owner: User; provider: any }
) {
  const asProvider = as(client, provider.owner, borrower)
  const asBorrower = as(client, owner, borrower)
  const routes = {
    'GET /hours': () => asProvider.get('/hours'),
    'GET /hours/current': () => asProvider.get('/hours/current'),
    'GET /hours/2026-03': () => asProvider.get('/hours/2026-03'),
    'GET /monitoring/:id': () => asBorrower.get(`/monitoring/${provider.company.id}`),
    'GET /monitoring/:id/entries': () =>
      asBorrower.get(`/monitoring/${provider.company.id}/entries`),
  }
  const counts: Record<string, number> = {}
  for (const [route, send] of Object.entries(routes)) {
    counts[route] = await boundValues(async () => (await send()).assertStatus(200))
  }
  return counts
}

test.group('Hours / a provider link set is never bound value by value', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => freezeClock('2026-03-23T02:30:00.000Z'))

  /**
   * The routes read the provider's links as a subquery: the ids of a
   * provider company with 180,000 links of one borrower, bound one by one,
   * passed PostgreSQL's 65,535 parameters (the route failed), and read
   * into the process and sent back cost 4 s
   */
  test('the values each route binds do not grow with the links', async ({ client, assert }) => {
    const few = await bindingsOfHours(client, await providerWithLinks(1))
    const many = await bindingsOfHours(client, await providerWithLinks(6))
    assert.deepEqual(many, few)
  }).timeout(60_000)
})
