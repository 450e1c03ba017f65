import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { DateTime } from 'luxon'
import type Company from '#models/company'
import type User from '#models/user'
import type Notification from '#models/notification'
import CompanyMember from '#models/company_member'
import { NotificationFactory } from '#database/factories/notification_factory'
import { companyWithOwner, memberOf } from '#tests/support/tenancy'
import { as } from '#tests/support/http'

/**
 * I1 filters, each on a data set where dropping it changes the answer:
 * the ids returned (not only the total) for scope, isRead and both, the
 * default page size, and a user who belongs to two companies.
 */

/** One notification per (scope, read) pair, plus a second unread `contract`, oldest first */
async function inbox(user: User, company: Company) {
  const made: Notification[] = []
  const specs = [
    { scope: 'contract', read: false },
    { scope: 'contract', read: true },
    { scope: 'contract', read: false },
    { scope: 'personal', read: false },
    { scope: 'personal', read: true },
    { scope: 'action', read: true },
  ] as const
  for (const [index, spec] of specs.entries()) {
    const factory = NotificationFactory.merge({
      userId: user.id,
      companyId: company.id,
      scope: spec.scope,
      createdAt: DateTime.now().minus({ minutes: 60 - index }),
    })
    made.push(await (spec.read ? factory.apply('read') : factory).create())
  }
  return made
}

/** The ids of a filter, newest first (as I1 orders them) */
const expected = (rows: Notification[], keep: (row: Notification) => boolean) =>
  rows
    .filter(keep)
    .reverse()
    .map((row) => row.id)

const ids = (body: any) => body.data.data.map((row: { id: string }) => row.id)

test.group('Notifications / I1 filters', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('isRead alone: the unread rows, then the read rows, with their totals', async ({
    client,
    assert,
  }) => {
    const { company, owner } = await companyWithOwner()
    const rows = await inbox(owner, company)
    const list = (qs: object) => as(client, owner, company).get('/notifications').qs(qs)

    const unread = await list({ isRead: false })
    assert.deepEqual(
      ids(unread.body()),
      expected(rows, (row) => !row.isRead)
    )
    assert.include(unread.body().data, { total: 3, totalPages: 1 })

    const read = await list({ isRead: true, scope: 'all' })
    assert.deepEqual(
      ids(read.body()),
      expected(rows, (row) => row.isRead)
    )
    assert.include(read.body().data, { total: 3, totalPages: 1 })

    const all = await list({})
    assert.deepEqual(
      ids(all.body()),
      expected(rows, () => true)
    )
    assert.equal(all.body().data.total, 6)
  })

  test('scope alone and scope with isRead: exactly the matching rows', async ({
    client,
    assert,
  }) => {
    const { company, owner } = await companyWithOwner()
    const rows = await inbox(owner, company)
    const list = (qs: object) => as(client, owner, company).get('/notifications').qs(qs)

    const contract = await list({ scope: 'contract' })
    assert.deepEqual(
      ids(contract.body()),
      expected(rows, (row) => row.scope === 'contract')
    )
    assert.include(contract.body().data, { total: 3, totalPages: 1 })

    const unreadContract = await list({ scope: 'contract', isRead: false })
    assert.deepEqual(
      ids(unreadContract.body()),
      expected(rows, (row) => row.scope === 'contract' && !row.isRead)
    )
    assert.equal(unreadContract.body().data.total, 2)

    const readPersonal = await list({ scope: 'personal', isRead: true })
    assert.deepEqual(
      ids(readPersonal.body()),
      expected(rows, (row) => row.scope === 'personal' && row.isRead)
    )
    assert.equal(readPersonal.body().data.total, 1)

    const companyScope = await list({ scope: 'company' })
    assert.deepEqual(ids(companyScope.body()), [])
    assert.include(companyScope.body().data, { total: 0 })
  })

  test('a scope filter pages too: perPage and page apply to its rows', async ({
    client,
    assert,
  }) => {
    const { company, owner } = await companyWithOwner()
    const rows = await inbox(owner, company)
    const second = await as(client, owner, company).get('/notifications').qs({
      scope: 'contract',
      perPage: 2,
      page: 2,
    })
    assert.deepEqual(ids(second.body()), [rows[0].id])
    assert.include(second.body().data, { total: 3, page: 2, perPage: 2, totalPages: 2 })

    const unreadPage = await as(client, owner, company).get('/notifications').qs({
      isRead: false,
      perPage: 2,
      page: 2,
    })
    assert.deepEqual(ids(unreadPage.body()), [rows[0].id])
    assert.include(unreadPage.body().data, { total: 3, page: 2, perPage: 2, totalPages: 2 })
  })

  test('the default page is the first 20, newest first', async ({ client, assert }) => {
    const { company, owner } = await companyWithOwner()
    const made = []
    for (let index = 0; index < 21; index++) {
      made.push(
        await NotificationFactory.merge({
          userId: owner.id,
          companyId: company.id,
          createdAt: DateTime.now().minus({ minutes: 60 - index }),
        }).create()
      )
    }
    const response = await as(client, owner, company).get('/notifications')
    assert.deepEqual(
      ids(response.body()),
      made
        .slice(1)
        .reverse()
        .map((row) => row.id)
    )
    assert.include(response.body().data, { total: 21, page: 1, perPage: 20, totalPages: 2 })
  })

  test('a user of two companies sees, counts and marks only the header company', async ({
    client,
    assert,
  }) => {
    const { company: acme, owner } = await companyWithOwner()
    const { company: globex } = await companyWithOwner()
    await CompanyMember.create({ companyId: globex.id, userId: owner.id, role: 'admin' })
    const colleague = await memberOf(acme, 'admin')
    const inAcme = await inbox(owner, acme)
    const inGlobex = await inbox(owner, globex)
    await inbox(colleague, acme)

    for (const [company, rows] of [
      [acme, inAcme],
      [globex, inGlobex],
    ] as const) {
      const request = as(client, owner, company)
      const scoped = await request.get('/notifications').qs({ scope: 'contract' })
      assert.deepEqual(
        ids(scoped.body()),
        expected(rows, (row) => row.scope === 'contract')
      )
      const unread = await request.get('/notifications').qs({ isRead: false })
      assert.deepEqual(
        ids(unread.body()),
        expected(rows, (row) => !row.isRead)
      )
    }

    ;(await as(client, owner, globex).patch('/notifications/read-all')).assertStatus(200)
    const acmeCount = await as(client, owner, acme).get('/notifications/unread-count')
    acmeCount.assertBody({ data: { count: 3 } })
    const globexCount = await as(client, owner, globex).get('/notifications/unread-count')
    globexCount.assertBody({ data: { count: 0 } })
    const colleagueCount = await as(client, colleague, acme).get('/notifications/unread-count')
    colleagueCount.assertBody({ data: { count: 3 } })

    const [acmeRow] = inAcme.filter((row) => !row.isRead)
    ;(await as(client, owner, globex).patch(`/notifications/${acmeRow.id}/read`)).assertStatus(404)
    const marked = await as(client, owner, acme).patch(`/notifications/${acmeRow.id}/read`)
    marked.assertStatus(200)
    assert.isTrue(marked.body().data.isRead)
  })
})
