import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import CompanyMember from '#models/company_member'
import CompanyNotificationSetting from '#models/company_notification_setting'
import NotificationPreference from '#models/notification_preference'
import { companyWithOwner, memberOf } from '#tests/support/tenancy'
import { inboxOf } from '#tests/support/notifications'
import { as } from '#tests/support/http'

const ALL_ON = { messenger: true, sms: true, email: true, platform: true }

/**
 * I3 and I6-I9 run by a user who belongs to two companies, next to a
 * colleague who saved flags too: each write lands on the (user, header
 * company) row only, and each read comes from it.
 */
test.group('Notifications / settings and marks of a user of two companies', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('I7 writes the header company flags and leaves the other rows alone', async ({
    client,
    assert,
  }) => {
    const { company: acme, owner: user } = await companyWithOwner()
    const { company: globex } = await companyWithOwner()
    await CompanyMember.create({ companyId: globex.id, userId: user.id, role: 'admin' })
    const colleague = await memberOf(acme, 'admin')
    await NotificationPreference.create({
      userId: user.id,
      companyId: globex.id,
      channels: { sms: false },
    })
    await NotificationPreference.create({
      userId: colleague.id,
      companyId: acme.id,
      channels: { platform: false },
    })
    await CompanyNotificationSetting.create({
      companyId: globex.id,
      allowedChannels: { messenger: false },
      types: {},
    })

    const saved = await as(client, user, acme)
      .put('/notifications/preferences')
      .json({
        channels: { email: false },
      })
    saved.assertStatus(200)
    saved.assertBody({
      data: { channels: { ...ALL_ON, email: false }, companyAllowedChannels: ALL_ON },
    })

    const rows = await NotificationPreference.query().orderBy('created_at')
    assert.sameDeepMembers(
      rows.map((row) => ({ userId: row.userId, companyId: row.companyId, channels: row.channels })),
      [
        { userId: user.id, companyId: globex.id, channels: { sms: false } },
        { userId: colleague.id, companyId: acme.id, channels: { platform: false } },
        { userId: user.id, companyId: acme.id, channels: { email: false } },
      ]
    )

    const inGlobex = await as(client, user, globex)
      .put('/notifications/preferences')
      .json({
        channels: { platform: false },
      })
    inGlobex.assertBody({
      data: {
        channels: { ...ALL_ON, platform: false },
        companyAllowedChannels: { ...ALL_ON, messenger: false },
      },
    })
    assert.lengthOf(await NotificationPreference.all(), 3, 'the globex row was replaced')
    const shown = await as(client, user, acme).get('/notifications/preferences')
    shown.assertBody({
      data: { channels: { ...ALL_ON, email: false }, companyAllowedChannels: ALL_ON },
    })
  })

  test('I8/I9 read and write the header company only; another id is 404 with its message', async ({
    client,
    assert,
  }) => {
    const { company: acme, owner: user } = await companyWithOwner()
    const { company: globex } = await companyWithOwner()
    await CompanyMember.create({ companyId: globex.id, userId: user.id, role: 'admin' })
    await CompanyNotificationSetting.create({
      companyId: globex.id,
      allowedChannels: { sms: false },
      types: { contract_created: false },
    })

    const path = (id: string) => `/company/${id}/notification-settings`
    const cross = await as(client, user, acme).get(path(globex.id))
    cross.assertStatus(404)
    cross.assertBodyContains({ message: 'Empresa não encontrada' })
    const crossPut = await as(client, user, acme).put(path(globex.id)).json({
      allowedChannels: {},
      types: {},
    })
    crossPut.assertStatus(404)
    crossPut.assertBodyContains({ message: 'Empresa não encontrada' })

    const saved = await as(client, user, acme)
      .put(path(acme.id))
      .json({
        allowedChannels: { email: false },
        types: { review_requested: false },
      })
    saved.assertStatus(200)
    const settings = await CompanyNotificationSetting.query().orderBy('created_at')
    assert.sameDeepMembers(
      settings.map((row) => ({ companyId: row.companyId, types: row.types })),
      [
        { companyId: globex.id, types: { contract_created: false } },
        { companyId: acme.id, types: { review_requested: false } },
      ]
    )
  })

  test('I3: an id with extra characters around a UUID is 404, not an error', async ({
    client,
    assert,
  }) => {
    const { company, owner } = await companyWithOwner()
    const [notification] = await inboxOf(owner, company)
    for (const id of [`${notification.id}0`, `0${notification.id}`]) {
      const response = await as(client, owner, company).patch(`/notifications/${id}/read`)
      response.assertStatus(404)
      response.assertBodyContains({ message: 'Notificação não encontrada' })
    }
    await notification.refresh()
    assert.isFalse(notification.isRead)
  })
})
