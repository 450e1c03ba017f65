import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import ace from '@adonisjs/core/services/ace'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import pg from 'pg'
import env from '#start/env'
import Delivery from '#models/delivery'
import Notification from '#models/notification'
import NotificationsPrune from '#commands/notifications_prune'
import QueueWork from '#commands/queue_work'
import { NotificationFactory } from '#database/factories/notification_factory'
import { companyWithOwner } from '#tests/support/tenancy'
import { startBotServer } from '#tests/support/outbound'

test.group('Notifications / commands', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => ace.ui.switchMode('raw'))
  group.each.teardown(() => ace.ui.switchMode('normal'))

  test('notifications:prune deletes old rows in batches and reports progress', async ({
    assert,
  }) => {
    const { company, owner } = await companyWithOwner()
    const inbox = NotificationFactory.merge({ userId: owner.id, companyId: company.id })
    const old = await inbox.createMany(5)
    for (const notification of old) {
      notification.createdAt = DateTime.now().minus({ days: 91 })
      await notification.save()
    }
    await inbox.createMany(3)

    const command = await ace.create(NotificationsPrune, ['--days', '90', '--batch-size', '2'])
    await command.exec()
    command.assertSucceeded()

    assert.lengthOf(await Notification.all(), 3)
    command.assertLog('[ blue(info) ] deleted 2 so far')
    command.assertLog('[ blue(info) ] deleted 4 so far')
    command.assertLog('[ green(success) ] deleted 5 notifications older than 90 days')
  })

  test('a notifications:prune run exits while another instance holds the lock', async ({
    assert,
  }) => {
    const { company, owner } = await companyWithOwner()
    const [notification] = await NotificationFactory.merge({
      userId: owner.id,
      companyId: company.id,
    }).createMany(1)
    notification.createdAt = DateTime.now().minus({ days: 200 })
    await notification.save()

    const { connection } = db.manager.get(db.primaryConnectionName)!.config
    const holder = new pg.Client(connection as pg.ClientConfig)
    await holder.connect()
    await holder.query(`SELECT pg_advisory_lock(hashtext('notifications:prune'))`)
    try {
      const command = await ace.create(NotificationsPrune, [])
      await command.exec()
      command.assertSucceeded()
      assert.isTrue(command.logger.getLogs().some((log) => log.message.includes('holds the lock')))
      assert.lengthOf(await Notification.all(), 1)
    } finally {
      await holder.end()
    }
  })

  test('queue:work --once sends what is due and exits', async ({ assert, cleanup }) => {
    const bot = await startBotServer()
    cleanup(() => bot.close())
    env.set('MESSENGER_URL', bot.url)
    env.set('MESSENGER_TOKEN', 'token')
    cleanup(() => {
      env.set('MESSENGER_URL', undefined)
      env.set('MESSENGER_TOKEN', undefined)
      delete process.env.MESSENGER_URL
      delete process.env.MESSENGER_TOKEN
    })
    await Delivery.createMany([
      {
        channel: 'messenger',
        payload: { to: '+551100', text: 'a' },
        status: 'pending',
        attempts: 0,
      },
      {
        channel: 'messenger',
        payload: { to: '+551101', text: 'b' },
        status: 'pending',
        attempts: 0,
      },
    ])

    const command = await ace.create(QueueWork, ['--once'])
    await command.exec()
    command.assertSucceeded()
    command.assertLog('[ blue(info) ] sent 2, retried 0, dead 0, skipped 0')
    assert.lengthOf(bot.requests, 2)
    assert.lengthOf(await Delivery.query().where('status', 'sent'), 2)
  })
})
