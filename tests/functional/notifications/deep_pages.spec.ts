import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { DateTime } from 'luxon'
import { companyWithOwner, memberOf } from '#tests/support/tenancy'
import { inboxOf } from '#tests/support/notifications'
import { as } from '#tests/support/http'
import { statementsOf } from '#tests/support/statements'

/**
 * A deep I1 page takes its ids from the inbox index
 * first (deferred join), then reads only those rows, so page 1000 does
 * not read the 49,950 rows it skips. The pages stay the same slices.
 */
test.group('Notifications / deep pages (deferred join)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a deep page is the right slice, its rows read as the range of the index step', async ({
    client,
    assert,
  }) => {
    const { company, owner } = await companyWithOwner()
    const colleague = await memberOf(company, 'user')
    await inboxOf(colleague, company, 5)
    const mine = await inboxOf(owner, company, 23)
    const base = DateTime.now()
    for (const [index, notification] of mine.entries()) {
      notification.createdAt = base.minus({ minutes: index })
      notification.scope = index % 2 ? 'contract' : 'personal'
      await notification.save()
    }

    let response: Awaited<ReturnType<ReturnType<typeof as>['get']>> | undefined
    const statements = await statementsOf(async () => {
      response = await as(client, owner, company).get('/notifications?page=3&perPage=5')
    })
    response!.assertStatus(200)
    const body = response!.body().data
    assert.deepEqual(
      body.data.map((row: { id: string }) => row.id),
      mine.slice(10, 15).map((row) => row.id)
    )
    assert.include(body, { total: 23, page: 3, perPage: 5, totalPages: 5 })

    /**
     * Only the key step walks (and skips) the index; the rows are read as
     * the range from the page's first key to its last, never by id (one
     * statement: the page's keys are a CTE, its rows are read by them)
     */
    const read = statements.find((sql) => /from notifications/i.test(sql) && /offset/i.test(sql))
    assert.match(
      read!,
      /page AS \(SELECT n\.id, n\.created_at FROM notifications n WHERE [\s\S]*?\sOFFSET /
    )
    assert.match(read!, /\(n\.created_at, n\.id\) <= \(SELECT p\.created_at, p\.id FROM page p/)
    assert.notMatch(read!, /n\.id IN \(SELECT id FROM page\)/)

    const contract = await as(client, owner, company).get(
      '/notifications?page=2&perPage=4&scope=contract'
    )
    contract.assertStatus(200)
    assert.deepEqual(
      contract.body().data.data.map((row: { id: string }) => row.id),
      mine
        .filter((_, index) => index % 2)
        .slice(4, 8)
        .map((row) => row.id)
    )
    assert.equal(contract.body().data.total, 11)
  })
})
