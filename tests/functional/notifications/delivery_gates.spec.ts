import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import env from '#start/env'
import CompanyMember from '#models/company_member'
import CompanyNotificationSetting from '#models/company_notification_setting'
import Delivery from '#models/delivery'
import Notification from '#models/notification'
import NotificationPreference from '#models/notification_preference'
import { notify } from '#services/notifications/notifier'
import type { Recipient } from '#services/notifications/types'
import type { DeliveryChannel } from '#enums/notifications'
import { companyWithOwner } from '#tests/support/tenancy'

/**
 * notify() with a user of two companies: each (user, company) gets the
 * gates of its own company and its own preference; the channel results
 * give the reason of each skip; e-mails go once per user.
 */

const data = { title: 'Olá', message: 'Mensagem', scope: 'company' as const }

function send(
  type: 'contract_created' | 'login_alert',
  recipients: Recipient[],
  channels?: DeliveryChannel[]
) {
  return db.transaction((trx) => notify(type, recipients, data, { trx, channels }))
}

/** A user who owns `acme` and is an admin of `globex` */
async function twoCompanies() {
  const { company: acme, owner: user } = await companyWithOwner()
  const { company: globex } = await companyWithOwner()
  await CompanyMember.create({ companyId: globex.id, userId: user.id, role: 'admin' })
  return { acme, globex, user }
}

const outcome = (results: Awaited<ReturnType<typeof send>>) =>
  results.map((result) => ({
    companyId: result.companyId,
    channels: Object.fromEntries(
      result.channels.map((c) => [c.platform, c.dispatched ? 'sent' : c.skippedReason])
    ),
  }))

test.group('Notifications / delivery gates per (user, company)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the company setting and the preference of each company apply to that company only', async ({
    assert,
  }) => {
    const { acme, globex, user } = await twoCompanies()
    await CompanyNotificationSetting.create({
      companyId: acme.id,
      allowedChannels: {},
      types: { contract_created: false },
    })
    await NotificationPreference.create({
      userId: user.id,
      companyId: globex.id,
      channels: { email: false },
    })

    const results = await send(
      'contract_created',
      [
        { userId: user.id, companyId: acme.id },
        { userId: user.id, companyId: globex.id },
      ],
      ['platform', 'email']
    )
    assert.deepEqual(outcome(results), [
      {
        companyId: acme.id,
        channels: { platform: 'type_disabled_by_company', email: 'type_disabled_by_company' },
      },
      { companyId: globex.id, channels: { platform: 'sent', email: 'channel_disabled_by_user' } },
    ])
    const rows = await Notification.query().where('user_id', user.id)
    assert.deepEqual(
      rows.map((row) => row.companyId),
      [globex.id]
    )
    assert.lengthOf(await Delivery.query().where('channel', 'email'), 0)
  })

  test('a company that disallows a channel blocks it for its members only', async ({ assert }) => {
    const { acme, globex, user } = await twoCompanies()
    await CompanyNotificationSetting.create({
      companyId: globex.id,
      allowedChannels: { platform: false },
      types: {},
    })
    const results = await send(
      'contract_created',
      [
        { userId: user.id, companyId: acme.id },
        { userId: user.id, companyId: globex.id },
      ],
      ['platform']
    )
    assert.deepEqual(outcome(results), [
      { companyId: acme.id, channels: { platform: 'sent' } },
      { companyId: globex.id, channels: { platform: 'channel_not_allowed_by_company' } },
    ])
  })

  test('one row per company, one e-mail per user; duplicates collapse', async ({ assert }) => {
    const { acme, globex, user } = await twoCompanies()
    const results = await send('contract_created', [
      { userId: user.id, companyId: acme.id },
      { userId: user.id, companyId: globex.id },
      { userId: user.id, companyId: acme.id },
    ])
    assert.lengthOf(results, 2)
    assert.sameMembers(
      (await Notification.query().where('user_id', user.id)).map((row) => row.companyId),
      [acme.id, globex.id]
    )
    const mails = await Delivery.query().where('channel', 'email')
    assert.lengthOf(mails, 1)
    assert.equal((mails[0].payload as { to: string }).to, user.email)
    for (const result of results) {
      assert.deepInclude(result.channels, { platform: 'email', dispatched: true })
      assert.deepInclude(result.channels, {
        platform: 'messenger',
        dispatched: false,
        skippedReason: 'messenger_not_configured',
      })
    }
  })

  test('messenger: no phone is skipped; a phone gets one queued message', async ({
    assert,
    cleanup,
  }) => {
    env.set('MESSENGER_URL', 'http://127.0.0.1:9/bot')
    env.set('MESSENGER_TOKEN', 'token')
    cleanup(() => {
      env.set('MESSENGER_URL', undefined)
      env.set('MESSENGER_TOKEN', undefined)
      delete process.env.MESSENGER_URL
      delete process.env.MESSENGER_TOKEN
    })
    const { acme, user } = await twoCompanies()
    const { owner: withPhone } = await companyWithOwner()
    await CompanyMember.create({ companyId: acme.id, userId: withPhone.id, role: 'user' })
    withPhone.phone = '+5511988887777'
    await withPhone.save()
    user.phone = null
    await user.save()

    const results = await send(
      'contract_created',
      [
        { userId: user.id, companyId: acme.id },
        { userId: withPhone.id, companyId: acme.id },
      ],
      ['messenger']
    )
    assert.deepEqual(outcome(results), [
      { companyId: acme.id, channels: { messenger: 'no_phone' } },
      { companyId: acme.id, channels: { messenger: 'sent' } },
    ])
    const queued = await Delivery.query().where('channel', 'messenger')
    assert.lengthOf(queued, 1)
    assert.lengthOf(await Notification.all(), 0, 'no platform channel asked')
  })

  test('no recipient: nothing written, empty result', async ({ assert }) => {
    assert.deepEqual(await send('contract_created', []), [])
    assert.lengthOf(await Notification.all(), 0)
    assert.lengthOf(await Delivery.all(), 0)
  })
})
