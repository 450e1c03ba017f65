import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import ace from '@adonisjs/core/services/ace'
import Delivery from '#models/delivery'
import Notification from '#models/notification'
import NotificationsBroadcast from '#commands/notifications_broadcast'
import BroadcastSystemAlert from '#actions/notifications/broadcast_system_alert'
import { companyWithOwner, memberOf } from '#tests/support/tenancy'

test.group('Notifications / system_alert broadcast', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => ace.ui.switchMode('raw'))
  group.each.teardown(() => ace.ui.switchMode('normal'))

  test('every member of the company gets a mandatory system_alert of scope company, other companies none', async ({
    assert,
  }) => {
    const acme = await companyWithOwner()
    const admin = await memberOf(acme.company, 'admin')
    const member = await memberOf(acme.company, 'user')
    const other = await companyWithOwner()

    const command = await ace.create(NotificationsBroadcast, [
      '--company',
      acme.company.id,
      '--title',
      'Manutenção programada',
      '--message',
      'A plataforma ficará fora do ar das 2h às 3h.',
    ])
    await command.exec()
    command.assertSucceeded()
    command.assertLog('[ green(success) ] system_alert sent to 3 members')

    const alerts = await Notification.query().where('type', 'system_alert')
    assert.sameMembers(
      alerts.map((alert) => alert.userId),
      [acme.owner.id, admin.id, member.id]
    )
    for (const alert of alerts) {
      assert.equal(alert.companyId, acme.company.id)
      assert.equal(alert.scope, 'company')
      assert.equal(alert.title, 'Manutenção programada')
    }
    assert.notInclude(
      alerts.map((alert) => alert.userId),
      other.owner.id
    )
    const mails = await Delivery.query().where('channel', 'email')
    assert.lengthOf(mails, 3)
  })

  test('--company all reaches every company, in batches, one alert per membership', async ({
    assert,
  }) => {
    const first = await companyWithOwner()
    const second = await companyWithOwner()
    await memberOf(second.company, 'admin')
    const before = await Notification.query().where('type', 'system_alert')

    const sent = await new BroadcastSystemAlert().handle(
      { company: 'all', title: 'Aviso', message: 'Para todos' },
      2
    )
    const alerts = await Notification.query().where('type', 'system_alert')
    assert.equal(alerts.length - before.length, sent)
    const reached = new Set(alerts.map((alert) => `${alert.companyId}:${alert.userId}`))
    assert.isTrue(reached.has(`${first.company.id}:${first.owner.id}`))
    assert.isTrue(reached.has(`${second.company.id}:${second.owner.id}`))
    assert.equal(reached.size, alerts.length)
  })

  test('bad flags are refused with a message and create nothing', async ({ assert }) => {
    const { company } = await companyWithOwner()
    for (const [args, expected] of [
      [['--company', 'nope', '--title', 'T', '--message', 'M'], '--company'],
      [['--company', company.id, '--title', '   ', '--message', 'M'], '--title'],
      [['--company', company.id, '--title', 'T', '--message', 'x'.repeat(5001)], '--message'],
      [
        ['--company', '0b6f7a5e-1d2c-4a3b-8c9d-0e1f2a3b4c5d', '--title', 'T', '--message', 'M'],
        'no company',
      ],
    ] as const) {
      const command = await ace.create(NotificationsBroadcast, [...args])
      await command.exec()
      command.assertFailed()
      assert.isTrue(
        command.logger.getLogs().some((log) => log.message.includes(expected)),
        `expected a log naming ${expected}`
      )
    }
    assert.lengthOf(await Notification.query().where('type', 'system_alert'), 0)
  })
})
