import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import env from '#start/env'
import Delivery from '#models/delivery'
import { DeliveryWorker } from '#services/platform/delivery_worker'
import { MessengerClient } from '#services/notifications/messenger_client'
import { companyWithOwner, memberOf } from '#tests/support/tenancy'
import { startBotServer } from '#tests/support/outbound'
import { as } from '#tests/support/http'

const TOKEN = 'bot-token-123'

/** Points MESSENGER_URL / MESSENGER_TOKEN at a bot for one test */
function configureBot(url: string) {
  env.set('MESSENGER_URL', url)
  env.set('MESSENGER_TOKEN', TOKEN)
  return () => {
    env.set('MESSENGER_URL', undefined)
    env.set('MESSENGER_TOKEN', undefined)
    delete process.env.MESSENGER_URL
    delete process.env.MESSENGER_TOKEN
  }
}

test.group('Notifications / messenger bot over real HTTP', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a custom message goes to the bot as plain text with the bearer token', async ({
    client,
    assert,
    cleanup,
  }) => {
    const bot = await startBotServer()
    cleanup(() => bot.close())
    cleanup(configureBot(bot.url))
    const { company, owner } = await companyWithOwner()
    const user = await memberOf(company, 'provider')

    const response = await as(client, owner, company)
      .post('/notifications/custom')
      .json({
        sendTo: user.id,
        message: '<p>Olá <strong>Ana</strong>,</p><p>Seu contrato foi publicado.</p>',
        platforms: ['messenger'],
      })
    response.assertStatus(200)
    assert.deepEqual(response.body().data.channels, [{ platform: 'messenger', dispatched: true }])

    const summary = await new DeliveryWorker().runOnce()
    assert.equal(summary.sent, 1)
    assert.lengthOf(bot.requests, 1)
    const [request] = bot.requests
    assert.equal(request.method, 'POST')
    assert.equal(request.headers.authorization, `Bearer ${TOKEN}`)
    assert.deepEqual(request.body, {
      to: user.phone,
      text: `Olá Ana,\n\nSeu contrato foi publicado.\n\nEnviada por ${owner.name}, de ${company.name}, pela plataforma.`,
    })
  })

  test('a recipient without phone is skipped with a reason', async ({
    client,
    assert,
    cleanup,
  }) => {
    cleanup(configureBot('http://127.0.0.1:9/send'))
    const { company, owner } = await companyWithOwner()
    const user = await memberOf(company, 'user')
    user.phone = null
    await user.save()

    const response = await as(client, owner, company)
      .post('/notifications/custom')
      .json({
        sendTo: user.id,
        message: 'Oi',
        platforms: ['messenger', 'platform'],
      })
    assert.deepEqual(response.body().data.channels, [
      { platform: 'messenger', dispatched: false, skippedReason: 'no_phone' },
      { platform: 'platform', dispatched: true },
    ])
    assert.lengthOf(await Delivery.all(), 0)
  })

  test('a bot error reschedules the message; a missing bot skips it', async ({
    assert,
    cleanup,
  }) => {
    const bot = await startBotServer(503)
    cleanup(() => bot.close())
    await Delivery.create({
      channel: 'messenger',
      payload: { to: '+5511999990000', text: 'Oi' },
      status: 'pending',
      attempts: 0,
    })

    const failing = new MessengerClient({ url: bot.url, token: TOKEN })
    assert.equal((await new DeliveryWorker({ messenger: failing }).runOnce()).retried, 1)
    assert.lengthOf(bot.requests, 1)
    const delivery = await Delivery.firstOrFail()
    assert.equal(delivery.status, 'pending')
    assert.include(delivery.lastError!, '503')

    const unconfigured = new MessengerClient({})
    const later = delivery.nextAttemptAt.plus({ seconds: 1 })
    const summary = await new DeliveryWorker({ messenger: unconfigured }).runOnce({ now: later })
    assert.equal(summary.skipped, 1)
    await delivery.refresh()
    assert.equal(delivery.status, 'skipped')
    assert.isNull(delivery.lockedUntil, 'the skipped delivery keeps its lease')
    const attempts = await db
      .from('delivery_attempts')
      .where('delivery_id', delivery.id)
      .orderBy('attempt')
      .select('outcome')
    assert.deepEqual(
      attempts.map((attempt) => attempt.outcome),
      ['failed', 'skipped']
    )
  })
})
