import { randomUUID } from 'node:crypto'
import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import drive from '@adonisjs/drive/services/main'
import type { ApiClient } from '@japa/api-client'
import readCache from '#services/platform/read_cache'
import type User from '#models/user'
import { as } from '#tests/support/http'
import { borrowerCompany, entryOn, legalProvider, naturalProvider } from '#tests/support/hours'
import { inboxOf } from '#tests/support/notifications'
import { attachedWorld, documentsStep } from '#tests/support/compliance'
import { freezeClock, restoreClock } from '#tests/support/clock'
import { CompanyFactory, CompanyMemberFactory } from '#database/factories/company_factory'
import { memberOf } from '#tests/support/tenancy'
import type { ReadScope } from '#support/read_versions'

/**
 * Rules of the read cache (ReadCache), as tables:
 * - a cached list read on both sides of every time edge it shows is, after
 *   the edge, what an uncached read gives;
 * - every scope a cached list declares is load-bearing: a change that
 *   raises only that scope (of the request's six) shows at once;
 * - every input a cached list is keyed by is load-bearing: another query,
 *   or another company read under the same versions, is never served the
 *   first one's body.
 * "Uncached" is the same request after `readCache.clear()`.
 */

type Read = () => Promise<unknown>

/** Each test: files faked and the clock frozen at one instant, both put back after it */
function fakeFilesAndClock() {
  drive.fake()
  freezeClock('2026-03-18T15:00:00Z')
  return () => {
    drive.restore()
    restoreClock()
  }
}

/** The body of a GET as `user` in `company` */
const getAs = (client: ApiClient, user: User, company: { id: string }, url: string) => async () => {
  const response = await as(client, user, company).get(url)
  response.assertStatus(200)
  return response.body()
}

/** The body served now (cache on), then the one an uncached read gives */
async function servedAndFresh(read: Read) {
  const served = await read()
  readCache.clear()
  return { served, fresh: await read() }
}

/** The time-bound lists (ReadCache.remember with the clock), each read across its edges below */
const TEAM_URLS = ['/team', '/providers']
const EDGE_TESTED_READS = [...TEAM_URLS.map((url) => url.slice(1)), 'provider-compliances']

test.group('Read cache: a time edge a cached list shows is never served stale', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => {
    drive.fake()
    return () => {
      drive.restore()
      restoreClock()
    }
  })

  /* The borrower's zone is America/Sao_Paulo (-03:00, no DST in 2026) */
  const TEAM_EDGES = [
    {
      edge: 'week',
      entry: '2026-03-22',
      before: '2026-03-22T23:59:59.999-03:00',
      after: '2026-03-23T00:00:00.000-03:00',
    },
    {
      edge: 'month',
      entry: '2026-03-31',
      before: '2026-03-31T23:59:59.999-03:00',
      after: '2026-04-01T00:00:00.000-03:00',
    },
  ]
  for (const { edge, entry, before, after } of TEAM_EDGES) {
    for (const url of TEAM_URLS) {
      test(`${url}: the hours of the ${edge} that ended are not served after its edge`, async ({
        client,
        assert,
      }) => {
        freezeClock(before)
        const { company, owner } = await borrowerCompany()
        const person = await naturalProvider(company)
        await entryOn(person.part, person.user, entry, [90])
        const read = getAs(client, owner, company, url)
        const first = await read()

        freezeClock(after)
        const { served, fresh } = await servedAndFresh(read)
        assert.deepEqual(served, fresh)
        assert.notDeepEqual(fresh, first, `the ${edge} edge changes what ${url} shows`)
      })
    }
  }

  /* C1: a window of days 20-25 (monthly) opens at 20 00:00 and closes after 25 23:59:59.999 */
  const C1_EDGES = [
    {
      edge: 'window opening',
      before: '2026-03-19T23:59:59.999-03:00',
      after: '2026-03-20T00:00:00.000-03:00',
    },
    {
      edge: 'window closing',
      before: '2026-03-25T23:59:59.999-03:00',
      after: '2026-03-26T00:00:00.000-03:00',
    },
    {
      edge: 'month',
      before: '2026-03-31T23:59:59.999-03:00',
      after: '2026-04-01T00:00:00.000-03:00',
    },
  ]
  for (const { edge, before, after } of C1_EDGES) {
    test(`C1: the ${edge} shows at its instant`, async ({ client, assert }) => {
      freezeClock(before)
      const world = await attachedWorld(client, [
        documentsStep({ schedule: { frequency: 'monthly', dayStart: 20, dayEnd: 25 } }),
      ])
      const read = getAs(client, world.providerOwner, world.borrower, '/provider-compliances')
      const first = await read()
      assert.deepEqual(await read(), first, 'cached')

      freezeClock(after)
      const { served, fresh } = await servedAndFresh(read)
      assert.deepEqual(served, fresh)
      assert.notDeepEqual(fresh, first, `the ${edge} changes what C1 shows`)
    })
  }
})

/** The request's read scopes, by the versions' names of ReadVersions */
type Scope = ReadScope

async function versions() {
  const { rows } = await db.rawQuery('SELECT scope, version FROM read_versions')
  return new Map<string, string>(rows.map((row: any) => [row.scope, row.version]))
}

interface ScopeCase {
  list: string
  /** The list's name in the cache (its key's first part) */
  read: string
  scope: Scope
  /** The world: who reads what, and the change that raises only `scope` */
  setup: (client: ApiClient) => Promise<{
    user: User
    company: { id: string }
    url: string
    change: () => Promise<unknown>
    /** The contract whose scope the request reads (the detail) */
    contractId?: string
  }>
}

async function teamWorld() {
  const { company, owner } = await borrowerCompany()
  const person = await naturalProvider(company)
  const provider = await legalProvider(company)
  return { company, owner, person, provider }
}

/** Per scope of the team lists, a change of a linked person that raises it alone */
const TEAM_CHANGES: Record<
  string,
  (person: Awaited<ReturnType<typeof naturalProvider>>) => Promise<unknown>
> = {
  hours: (person) => entryOn(person.part, person.user, '2026-03-17', [90]),
  company: (person) =>
    db.from('contracts').where('id', person.contract.id).update({ name: 'Renomeado' }),
  directory: (person) =>
    db.from('users').where('id', person.user.id).update({ phone: '11911112222' }),
}

async function c1World(client: ApiClient) {
  return attachedWorld(client, (base) => [
    documentsStep({ validators: [{ userId: base.validator.id }] }),
  ])
}

type C1World = Awaited<ReturnType<typeof c1World>>

const renameFlow = (w: C1World) =>
  db.from('compliance_flows').where('id', w.flow.id).update({ name: 'Outro' })

/** The c1 world without its provider company's links */
const withoutProviderLinks = (w: C1World) =>
  db.from('contract_parts').where('company_id', w.providerCompany.id).delete()

/** A case in the c1 world: `reader` reads `read` (D1 or C1) after `prepare`, then `change` */
function c1Case(
  list: string,
  read: 'compliance-flows' | 'provider-compliances',
  scope: Scope,
  reader: (w: C1World) => User,
  change: (w: C1World) => Promise<unknown>,
  prepare?: (w: C1World) => Promise<unknown>
): ScopeCase {
  return {
    list,
    read,
    scope,
    setup: async (client) => {
      const world = await c1World(client)
      await prepare?.(world)
      return {
        user: reader(world),
        company: world.borrower,
        url: `/${read}`,
        change: () => change(world),
      }
    },
  }
}

const CASES: ScopeCase[] = [
  {
    list: 'I1',
    read: 'notifications',
    scope: 'inbox',
    setup: async () => {
      const { company, owner } = await borrowerCompany()
      return { user: owner, company, url: '/notifications', change: () => inboxOf(owner, company) }
    },
  },
  {
    list: 'I2',
    read: 'unread-count',
    scope: 'inbox',
    setup: async () => {
      const { company, owner } = await borrowerCompany()
      return {
        user: owner,
        company,
        url: '/notifications/unread-count',
        change: () => inboxOf(owner, company),
      }
    },
  },
  ...['/contracts', '/contracts/board'].map((url) => ({
    list: url === '/contracts' ? 'H1' : 'H2',
    read: url === '/contracts' ? 'contracts' : 'contracts-board',
    scope: 'company' as const,
    setup: async () => {
      const { company, owner } = await borrowerCompany()
      const { contract } = await naturalProvider(company)
      return {
        user: owner,
        company,
        url,
        change: () => db.from('contracts').where('id', contract.id).update({ name: 'Renomeado' }),
      }
    },
  })),
  ...['/team', '/providers'].flatMap((url) =>
    Object.entries(TEAM_CHANGES).map(([scope, change]) => ({
      list: url === '/team' ? 'E1' : 'F',
      read: url.slice(1),
      scope: scope as Scope,
      setup: async () => {
        const { company, owner, person } = await teamWorld()
        return { user: owner, company, url, change: () => change(person) }
      },
    }))
  ),
  ...(['contract', 'directory'] as const).map((scope) => ({
    list: 'H5',
    read: 'contract-detail',
    scope,
    setup: async () => {
      const { company, owner } = await borrowerCompany()
      const { contract } = await naturalProvider(company)
      /* A reviewer who is no party: a party's name is copied into its link (the company scope) */
      const reviewer = await memberOf(company, 'user')
      await db.table('contract_reviewers').insert({
        id: randomUUID(),
        contract_id: contract.id,
        user_id: reviewer.id,
      })
      return {
        user: owner,
        company,
        url: `/contracts/${contract.id}`,
        contractId: contract.id,
        change: () =>
          scope === 'contract'
            ? db.table('contract_part_groups').insert({
                id: randomUUID(),
                contract_id: contract.id,
                name: 'Grupo novo',
              })
            : db.from('users').where('id', reviewer.id).update({ name: 'Outro Nome' }),
      }
    },
  })),
  c1Case('D1', 'compliance-flows', 'compliance', (w) => w.owner, renameFlow),
  /* An attached provider is printed with the name of the contract it is attached by */
  c1Case(
    'D1',
    'compliance-flows',
    'company',
    (w) => w.owner,
    (w) => db.from('contracts').where('id', w.companyContract.id).update({ name: 'Outro contrato' })
  ),
  /* A name is copied into the links that print it (contract_parts.link_search: the company
     scope); an attached provider whose link is gone is printed from the directory only */
  c1Case(
    'D1',
    'compliance-flows',
    'directory',
    (w) => w.owner,
    (w) => db.from('companies').where('id', w.providerCompany.id).update({ name: 'Outro Nome' }),
    withoutProviderLinks
  ),
  c1Case('C1', 'provider-compliances', 'compliance', (w) => w.providerOwner, renameFlow),
  c1Case(
    'C1',
    'provider-compliances',
    'directory',
    (w) => w.providerOwner,
    (w) => db.from('users').where('id', w.validator.id).update({ avatar: 'avatars/novo.png' })
  ),
  /* A provider company whose link is gone keeps its compliances; its new owner acts for it */
  c1Case(
    'C1',
    'provider-compliances',
    'user',
    (w) => w.person,
    (w) =>
      db.table('company_members').insert({
        company_id: w.providerCompany.id,
        user_id: w.person.id,
        role: 'owner',
        created_at: new Date(),
        updated_at: new Date(),
      }),
    withoutProviderLinks
  ),
]

test.group('Read cache: every scope a cached list declares is load-bearing', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(fakeFilesAndClock)

  for (const { list, scope, setup } of CASES) {
    test(`${list}: a change of its ${scope} scope alone shows at once`, async ({
      client,
      assert,
    }) => {
      const { user, company, url, change, contractId } = await setup(client)
      const read = getAs(client, user, company, url)
      const first = await read()
      assert.deepEqual(await read(), first, 'cached')

      const before = await versions()
      await change()
      const after = await versions()
      const request: Record<Scope, string> = {
        company: `c:${company.id}`,
        hours: `h:${company.id}`,
        compliance: `f:${company.id}`,
        inbox: `n:${user.id}:${company.id}`,
        user: `u:${user.id}`,
        directory: 'directory',
        contract: `k:${contractId}`,
      }
      const raised = (Object.keys(request) as Scope[]).filter(
        (name) => before.get(request[name]) !== after.get(request[name])
      )
      assert.deepEqual(raised, [scope], 'the change raises only this scope of the request')

      const { served, fresh } = await servedAndFresh(read)
      assert.deepEqual(served, fresh)
      assert.notDeepEqual(fresh, first, 'the change shows on the list')
    })
  }
})

/**
 * What the code declares, recorded while every cached list is read once:
 * each (list, scope) it caches under, and whether it is time-bound
 * (`remember` with the clock, not `lasting` or `text`: a value that holds whatever the time).
 */
async function declaredReads(readAll: () => Promise<void>) {
  const declared = new Map<string, { scopes: string[]; timeBound: boolean }>()
  const { remember, lasting } = readCache
  let viaLasting = false
  readCache.remember = function (key, ...rest) {
    declared.set(key.slice(0, key.indexOf('|')), { scopes: [...rest[1]], timeBound: !viaLasting })
    return remember.call(readCache, key, ...rest)
  } as typeof remember
  readCache.lasting = function (...args) {
    viaLasting = true
    try {
      return lasting.apply(readCache, args)
    } finally {
      viaLasting = false
    }
  } as typeof lasting
  try {
    await readAll()
  } finally {
    readCache.remember = remember
    readCache.lasting = lasting
  }
  return declared
}

test.group('Read cache: the rules above cover every cached list', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(fakeFilesAndClock)

  test('each scope each list declares has a case; each time-bound list has its edges', async ({
    client,
    assert,
  }) => {
    const world = await c1World(client)
    const declared = await declaredReads(async () => {
      const urls = [
        '/notifications',
        '/notifications/unread-count',
        '/contracts',
        '/contracts/board',
      ]
      for (const url of [...urls, ...TEAM_URLS]) {
        await getAs(client, world.owner, world.borrower, url)()
      }
      await getAs(client, world.owner, world.borrower, '/compliance-flows')()
      await getAs(client, world.owner, world.borrower, `/contracts/${world.companyContract.id}`)()
      await getAs(client, world.providerOwner, world.borrower, '/provider-compliances')()
    })
    const pairs = [...declared].flatMap(([read, { scopes }]) => scopes.map((s) => `${read} ${s}`))
    assert.sameMembers(
      pairs,
      [...new Set(CASES.map(({ read, scope }) => `${read} ${scope}`))],
      'a case changes each declared scope alone'
    )
    const timeBound = [...declared].filter(([, read]) => read.timeBound).map(([read]) => read)
    assert.sameMembers(timeBound, EDGE_TESTED_READS, 'a time-bound list is read across its edges')
  }).timeout(120_000)
})

/** Each cached list with a second query that changes its body (the c1 world's owner reads it) */
const KEYED_READS = [
  { url: '/notifications', other: '?perPage=1' },
  { url: '/contracts', other: '?perPage=1' },
  { url: '/contracts/board', other: '?status=draft' },
  { url: '/compliance-flows', other: '?perPage=1' },
  ...TEAM_URLS.map((url) => ({ url, other: '?pageSize=1' })),
]

/** The read versions of `to`'s scopes set to those of `from`'s (same user) */
async function sameVersions(userId: string, from: string, to: string) {
  await db.rawQuery(
    `INSERT INTO read_versions (scope, version)
     SELECT replace(scope, ?, ?), version FROM read_versions WHERE scope IN (?, ?, ?, ?)
     ON CONFLICT (scope) DO UPDATE SET version = EXCLUDED.version`,
    [from, to, `c:${from}`, `h:${from}`, `f:${from}`, `n:${userId}:${from}`]
  )
}

/** Another company owned by `userId`, read under the same versions as `company` */
async function elsewhereUnderSameVersions(userId: string, company: { id: string }) {
  const elsewhere = await CompanyFactory.create()
  await CompanyMemberFactory.merge({ companyId: elsewhere.id, userId, role: 'owner' }).create()
  await sameVersions(userId, company.id, elsewhere.id)
  return elsewhere
}

test.group('Read cache: every input a cached list is keyed by is load-bearing', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(fakeFilesAndClock)

  for (const { url, other } of KEYED_READS) {
    test(`${url}: another query, and another company under the same versions, get their own body`, async ({
      client,
      assert,
    }) => {
      const world = await c1World(client)
      await inboxOf(world.owner, world.borrower)
      const read = (company: { id: string }, query: string) =>
        getAs(client, world.owner, company, `${url}${query}`)
      const first = await read(world.borrower, '')()

      const byQuery = await servedAndFresh(read(world.borrower, other))
      assert.notDeepEqual(byQuery.fresh, first, 'the other query changes the body')
      assert.deepEqual(byQuery.served, byQuery.fresh, 'another query')

      await read(world.borrower, '')()
      const elsewhere = await elsewhereUnderSameVersions(world.owner.id, world.borrower)
      const byCompany = await servedAndFresh(read(elsewhere, ''))
      assert.notDeepEqual(byCompany.fresh, first, 'the other company has its own list')
      assert.deepEqual(byCompany.served, byCompany.fresh, 'another company')
    }).timeout(60_000)
  }

  test('/notifications/unread-count: another company under the same versions gets its own count', async ({
    client,
    assert,
  }) => {
    const { company, owner } = await borrowerCompany()
    await inboxOf(owner, company, 2)
    const count = (of: { id: string }) => getAs(client, owner, of, '/notifications/unread-count')
    const first = await count(company)()
    const elsewhere = await elsewhereUnderSameVersions(owner.id, company)
    const byCompany = await servedAndFresh(count(elsewhere))
    assert.notDeepEqual(byCompany.fresh, first, 'the other company has its own count')
    assert.deepEqual(byCompany.served, byCompany.fresh)
  })
})
