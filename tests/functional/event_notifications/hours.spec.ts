import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import type { ApiClient } from '@japa/api-client'
import type Company from '#models/company'
import type User from '#models/user'
import { companyWithOwner, memberOf } from '#tests/support/tenancy'
import { naturalProvider } from '#tests/support/hours'
import { mailsTo, notificationsOf } from '#tests/support/event_notifications'
import { appUrl } from '#config/app'
import { freezeClock, restoreClock } from '#tests/support/clock'
import { as } from '#tests/support/http'

const body = {
  date: '2026-03-02',
  reason: 'Forgot to log the workshop',
  tasks: [{ description: 'Workshop', durationMinutes: 270 }],
}

function file(client: ApiClient, borrower: Company, user: User) {
  return as(client, user, borrower).post('/monitoring/retroactive-requests').json(body)
}

function review(client: ApiClient, borrower: Company, user: User, id: string, action: string) {
  return as(client, user, borrower).post(`/monitoring/retroactive-requests/${id}/${action}`)
}

async function filed(client: ApiClient) {
  const { company: borrower, owner } = await companyWithOwner()
  const admin = await memberOf(borrower, 'admin')
  const employee = await memberOf(borrower, 'user')
  const ana = await naturalProvider(borrower)
  const response = await file(client, borrower, ana.user)
  response.assertStatus(201)
  return { borrower, owner, admin, employee, ana, id: response.body().data.id as string }
}

test.group('Event notifications / hours', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => {
    freezeClock('2026-03-18T15:00:00.000Z')
    return () => restoreClock()
  })

  test('a retroactive request asks the owners and admins to act (action_required)', async ({
    client,
    assert,
  }) => {
    const { borrower, owner, admin, employee, ana, id } = await filed(client)
    const rows = await notificationsOf('action_required')
    assert.sameMembers(
      rows.map((row) => row.userId),
      [owner.id, admin.id]
    )
    for (const row of rows) {
      assert.equal(row.companyId, borrower.id)
      assert.equal(row.scope, 'action')
      assert.equal(row.actorId, ana.user.id)
      assert.include(row.message, '4h30 em 02/03/2026')
      assert.deepEqual(row.activity, {
        kind: 'retroactive_request_created',
        actionLabel: 'Analisar solicitação',
        actionRoute: `/monitoring/retroactive-requests/${id}`,
        metadata: {
          requestId: id,
          date: '2026-03-02',
          totalMinutes: 270,
          status: 'pending',
          workEntryId: null,
        },
      })
    }
    const [mail] = await mailsTo(admin.email)
    assert.equal(mail.subject, 'Solicitação de horas retroativas')
    assert.include(mail.html, `${appUrl}/monitoring/retroactive-requests/${id}`)
    assert.lengthOf(await mailsTo(employee.email), 0)
  })

  test('approval and decline tell the provider (review_approved / review_rejected)', async ({
    client,
    assert,
  }) => {
    const first = await filed(client)
    ;(await review(client, first.borrower, first.owner, first.id, 'approve')).assertStatus(200)
    const [approved, ...others] = await notificationsOf('review_approved')
    assert.lengthOf(others, 0)
    assert.equal(approved.userId, first.ana.user.id)
    assert.equal(approved.companyId, first.borrower.id)
    assert.equal(approved.scope, 'contract')
    assert.equal(approved.actorId, first.owner.id)
    assert.equal(approved.activity!.kind, 'retroactive_request_approved')
    assert.equal(approved.activity!.metadata!.status, 'approved')
    assert.isString(approved.activity!.metadata!.workEntryId)

    const second = await filed(client)
    const declined = await review(client, second.borrower, second.owner, second.id, 'decline').json(
      { declineReason: 'No workshop that day' }
    )
    declined.assertStatus(200)
    const [rejection] = await notificationsOf('review_rejected')
    assert.equal(rejection.userId, second.ana.user.id)
    assert.equal(rejection.companyId, second.borrower.id)
    assert.include(rejection.message, 'No workshop that day')
    assert.equal(rejection.activity!.actionRoute, `/monitoring/retroactive-requests/${second.id}`)

    const subjects = (await mailsTo(second.ana.user.email)).map((mail) => mail.subject)
    assert.deepEqual(subjects, ['Horas retroativas recusadas'])
  })

  test('the request message writes whole hours as 4h and pads minutes as 1h05', async ({
    client,
    assert,
  }) => {
    const { company: borrower, owner } = await companyWithOwner()
    const ana = await naturalProvider(borrower)
    for (const [date, durationMinutes] of [
      ['2026-03-03', 240],
      ['2026-03-04', 65],
    ] as const) {
      const response = await client
        .post('/api/v1/monitoring/retroactive-requests')
        .json({ ...body, date, tasks: [{ description: 'Workshop', durationMinutes }] })
        .header('x-company-id', borrower.id)
        .loginAs(ana.user)
      response.assertStatus(201)
    }
    const messages = (await notificationsOf('action_required'))
      .filter((row) => row.userId === owner.id)
      .map((row) => row.message)
    assert.sameMembers(messages, [
      `${ana.user.name} solicitou o lançamento retroativo de 4h em 03/03/2026: ${body.reason}`,
      `${ana.user.name} solicitou o lançamento retroativo de 1h05 em 04/03/2026: ${body.reason}`,
    ])
  })
})
