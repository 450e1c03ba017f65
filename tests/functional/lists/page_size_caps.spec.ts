import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import type { ApiClient } from '@japa/api-client'
import type Company from '#models/company'
import type User from '#models/user'
import { NotificationFactory } from '#database/factories/notification_factory'
import { companyWithOwner } from '#tests/support/tenancy'
import { legalProvider, naturalProvider } from '#tests/support/hours'
import { freezeClock, restoreClock } from '#tests/support/clock'
import { as } from '#tests/support/http'

/**
 * The page-size cap of every list endpoint (docs/testing.md, Lists): the
 * smallest and the largest page are served and echoed in the meta, one
 * below and one above are 422. The contracts list is covered with the
 * contracts. A cap removed or moved fails here.
 */

interface List {
  path: (world: World) => string
  /** Who lists, in which company */
  as: (world: World) => { user: User; company: Company }
  param: 'perPage' | 'pageSize'
  max: number
  /** The page size echoed by the response (the compliance flows list echoes none) */
  echoed?: (body: any) => number
}

type World = Awaited<ReturnType<typeof world>>

async function world() {
  const { company: borrower, owner } = await companyWithOwner()
  const beta = await legalProvider(borrower)
  const ana = await naturalProvider(borrower)
  return { borrower, owner, beta, ana }
}

const borrowerOwner = (w: World) => ({ user: w.owner, company: w.borrower })
const meta = (key: 'perPage' | 'pageSize') => (body: any) => body.meta[key]

const LISTS: Record<string, List> = {
  'GET /notifications': {
    path: () => '/notifications',
    as: borrowerOwner,
    param: 'perPage',
    max: 50,
    echoed: (body) => body.data.perPage,
  },
  'GET /company/members': {
    path: () => '/company/members',
    as: borrowerOwner,
    param: 'perPage',
    max: 100,
    echoed: meta('perPage'),
  },
  'GET /team': {
    path: () => '/team',
    as: borrowerOwner,
    param: 'pageSize',
    max: 100,
    echoed: meta('pageSize'),
  },
  'GET /clients': {
    path: () => '/clients',
    as: (w) => ({ user: w.beta.owner, company: w.beta.company }),
    param: 'pageSize',
    max: 100,
    echoed: meta('pageSize'),
  },
  'GET /providers': {
    path: () => '/providers',
    as: borrowerOwner,
    param: 'pageSize',
    max: 100,
    echoed: meta('pageSize'),
  },
  'GET /monitoring/retroactive-requests': {
    path: () => '/monitoring/retroactive-requests',
    as: borrowerOwner,
    param: 'pageSize',
    max: 100,
    echoed: meta('pageSize'),
  },
  'GET /monitoring/:id/entries': {
    path: (w) => `/monitoring/${w.ana.user.id}/entries`,
    as: borrowerOwner,
    param: 'pageSize',
    max: 100,
    echoed: meta('pageSize'),
  },
  'GET /hours (provider area)': {
    path: () => '/hours',
    as: (w) => ({ user: w.ana.user, company: w.borrower }),
    param: 'pageSize',
    max: 100,
    echoed: meta('pageSize'),
  },
  'GET /workflows': {
    path: () => '/workflows',
    as: borrowerOwner,
    param: 'perPage',
    max: 100,
    echoed: meta('perPage'),
  },
  'GET /templates': {
    path: () => '/templates',
    as: borrowerOwner,
    param: 'perPage',
    max: 100,
    echoed: meta('perPage'),
  },
  'GET /compliance-flows': {
    path: () => '/compliance-flows',
    as: borrowerOwner,
    param: 'perPage',
    max: 100,
  },
}

function get(client: ApiClient, w: World, list: List, size: number) {
  const { user, company } = list.as(w)
  return as(client, user, company)
    .get(list.path(w))
    .qs({ [list.param]: size })
}

test.group('Lists / page-size caps', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => {
    freezeClock('2026-03-18T15:00:00.000Z')
    return () => restoreClock()
  })

  test('{$self}: 1 and max are served, 0 and max+1 are 422')
    .with(Object.keys(LISTS))
    .run(async ({ client, assert }, name) => {
      const list = LISTS[name]
      const w = await world()
      for (const size of [1, list.max]) {
        const response = await get(client, w, list, size)
        response.assertStatus(200)
        if (list.echoed) {
          assert.equal(list.echoed(response.body()), size, `${name} ${list.param}=${size}`)
        }
      }
      for (const size of [0, list.max + 1]) {
        const response = await get(client, w, list, size)
        response.assertStatus(422)
        assert.equal(
          response.body().errors?.[0]?.field,
          list.param,
          `${name} ${list.param}=${size}`
        )
      }
    })

  test('GET /notifications: a full page holds exactly perPage=50 of 51 rows', async ({
    client,
    assert,
  }) => {
    const w = await world()
    await NotificationFactory.merge({ userId: w.owner.id, companyId: w.borrower.id }).createMany(51)
    const first = await get(client, w, LISTS['GET /notifications'], 50)
    assert.lengthOf(first.body().data.data, 50)
    assert.include(first.body().data, { total: 51, perPage: 50, totalPages: 2 })
    const second = await get(client, w, LISTS['GET /notifications'], 50).qs({ page: 2 })
    assert.lengthOf(second.body().data.data, 1)
  })
})
