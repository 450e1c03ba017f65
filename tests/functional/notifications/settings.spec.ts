import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import CompanyNotificationSetting from '#models/company_notification_setting'
import NotificationPreference from '#models/notification_preference'
import { companyWithOwner, memberOf } from '#tests/support/tenancy'
import { as } from '#tests/support/http'

const ALL_ON = { messenger: true, sms: true, email: true, platform: true }

test.group('Notifications / preferences and company settings (I6-I9)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('I6 defaults every flag to on; I7 saves the user flags per company', async ({
    client,
    assert,
  }) => {
    const { company } = await companyWithOwner()
    const { company: other } = await companyWithOwner()
    const user = await memberOf(company, 'user')
    const { default: CompanyMember } = await import('#models/company_member')
    await CompanyMember.create({ companyId: other.id, userId: user.id, role: 'user' })
    await CompanyNotificationSetting.create({
      companyId: company.id,
      allowedChannels: { sms: false },
      types: {},
    })

    const initial = await as(client, user, company).get('/notifications/preferences')
    initial.assertStatus(200)
    initial.assertBody({
      data: { channels: ALL_ON, companyAllowedChannels: { ...ALL_ON, sms: false } },
    })

    const saved = await as(client, user, company)
      .put('/notifications/preferences')
      .json({
        channels: { email: false, messenger: false },
      })
    saved.assertStatus(200)
    assert.deepEqual(saved.body().data.channels, { ...ALL_ON, email: false, messenger: false })

    const again = await as(client, user, company).get('/notifications/preferences')
    assert.deepEqual(again.body().data.channels, { ...ALL_ON, email: false, messenger: false })
    const elsewhere = await as(client, user, other).get('/notifications/preferences')
    assert.deepEqual(elsewhere.body().data.channels, ALL_ON)
  })

  test('I7 rejects unknown channel keys and non-booleans with 422', async ({ client, assert }) => {
    const { company, owner } = await companyWithOwner()
    for (const body of [
      { channels: { email: true, fax: false } },
      { channels: { email: 'yes' } },
      { channels: 'all' },
      {},
    ]) {
      const response = await as(client, owner, company).put('/notifications/preferences').json(body)
      response.assertStatus(422)
    }
    assert.lengthOf(await NotificationPreference.all(), 0)
  })

  test('I8/I9 owner and admin read and replace the company settings', async ({
    client,
    assert,
  }) => {
    const { company, owner } = await companyWithOwner()
    const admin = await memberOf(company, 'admin')
    const path = `/company/${company.id}/notification-settings`

    const initial = await as(client, owner, company).get(path)
    initial.assertStatus(200)
    initial.assertBody({ data: { allowedChannels: ALL_ON, types: {} } })

    const saved = await as(client, admin, company)
      .put(path)
      .json({
        allowedChannels: { messenger: false },
        types: { contract_created: false, reminder: true },
      })
    saved.assertStatus(200)
    saved.assertBody({
      data: {
        allowedChannels: { ...ALL_ON, messenger: false },
        types: { contract_created: false, reminder: true },
      },
    })

    const replaced = await as(client, owner, company)
      .put(path)
      .json({
        allowedChannels: {},
        types: { comment_added: false },
      })
    replaced.assertBody({ data: { allowedChannels: ALL_ON, types: { comment_added: false } } })
    assert.lengthOf(await CompanyNotificationSetting.all(), 1)
  })

  test('I9 refuses mandatory and unknown types and unknown channels (422)', async ({
    client,
    assert,
  }) => {
    const { company, owner } = await companyWithOwner()
    const path = `/company/${company.id}/notification-settings`
    for (const body of [
      { allowedChannels: {}, types: { login_alert: false } },
      { allowedChannels: {}, types: { system_alert: true } },
      { allowedChannels: {}, types: { made_up_type: false } },
      { allowedChannels: {}, types: { reminder: 'no' } },
      { allowedChannels: { pager: true }, types: {} },
      { types: {} },
    ]) {
      const response = await as(client, owner, company).put(path).json(body)
      response.assertStatus(422)
    }
    const mandatory = await as(client, owner, company)
      .put(path)
      .json({
        allowedChannels: {},
        types: { login_alert: false },
      })
    assert.include(mandatory.body().message, 'obrigatório')
    assert.lengthOf(await CompanyNotificationSetting.all(), 0)
  })

  test('I8/I9 are 403 for other roles and 404 for another company id', async ({
    client,
    assert,
  }) => {
    const { company, owner } = await companyWithOwner()
    const { company: other } = await companyWithOwner()
    const body = { allowedChannels: { email: false }, types: {} }
    for (const role of ['borrower', 'user', 'provider'] as const) {
      const member = await memberOf(company, role)
      const path = `/company/${company.id}/notification-settings`
      ;(await as(client, member, company).get(path)).assertStatus(403)
      ;(await as(client, member, company).put(path).json(body)).assertStatus(403)
    }
    for (const id of [other.id, crypto.randomUUID(), 'not-a-uuid']) {
      const path = `/company/${id}/notification-settings`
      ;(await as(client, owner, company).get(path)).assertStatus(404)
      ;(await as(client, owner, company).put(path).json(body)).assertStatus(404)
    }
    const outsider = await as(client, owner, other).get(
      `/company/${other.id}/notification-settings`
    )
    outsider.assertStatus(403)
    assert.lengthOf(await CompanyNotificationSetting.all(), 0)
  })

  test('every settings endpoint needs a token (401)', async ({ client }) => {
    const { company } = await companyWithOwner()
    for (const [method, path] of [
      ['get', '/notifications/preferences'],
      ['put', '/notifications/preferences'],
      ['get', `/company/${company.id}/notification-settings`],
      ['put', `/company/${company.id}/notification-settings`],
    ] as const) {
      const response = await client[method](`/api/v1${path}`).header('x-company-id', company.id)
      response.assertStatus(401)
    }
  })
})
