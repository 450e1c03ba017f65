import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import ace from '@adonisjs/core/services/ace'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import Delivery from '#models/delivery'
import DeliveryAttempt from '#models/delivery_attempt'
import QueueRetry from '#commands/queue_retry'
import QueueStatus from '#commands/queue_status'
import { enqueueDeliveries } from '#services/platform/outbox'
import { DeliveryWorker, MAX_ATTEMPTS } from '#services/platform/delivery_worker'
import { freePort, smtpMailer, startSmtpServer } from '#tests/support/outbound'

const mail = (subject: string) => ({
  channel: 'email' as const,
  payload: { to: 'maria@cliente.test', subject, html: `<p>${subject}</p>`, text: subject },
})

async function queue(...subjects: string[]) {
  return db.transaction((trx) => enqueueDeliveries(subjects.map(mail), trx))
}

/** Fails the delivery's every attempt against a port nothing listens on, until it is dead */
async function killDelivery(worker: DeliveryWorker, id: string) {
  let now: DateTime = DateTime.now()
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    await worker.runOnce({ now })
    const delivery = await Delivery.findOrFail(id)
    now = delivery.nextAttemptAt
  }
}

test.group('Delivery / queue:status and queue:retry', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => ace.ui.switchMode('raw'))
  group.each.teardown(() => ace.ui.switchMode('normal'))

  test('after the last failed attempt a delivery is dead, kept with every attempt', async ({
    assert,
  }) => {
    const [id] = await queue('Nunca chega')
    await killDelivery(new DeliveryWorker({ mailer: smtpMailer(await freePort()) }), id)

    const delivery = await Delivery.findOrFail(id)
    assert.equal(delivery.status, 'dead')
    assert.equal(delivery.attempts, MAX_ATTEMPTS)
    const attempts = await DeliveryAttempt.query().where('delivery_id', id)
    assert.lengthOf(attempts, MAX_ATTEMPTS)
    assert.isTrue(attempts.every((attempt) => attempt.outcome === 'failed' && attempt.error))
  })

  test('queue:status prints counts per kind and state, the oldest pending age and the last error', async ({
    assert,
  }) => {
    const [dead] = await queue('Morta')
    await killDelivery(new DeliveryWorker({ mailer: smtpMailer(await freePort()) }), dead)
    const [waiting] = await queue('Espera', 'Outra')
    await db
      .from('deliveries')
      .where('id', waiting)
      .update({ created_at: DateTime.now().minus({ minutes: 5 }).toJSDate() })
    await db.transaction((trx) =>
      enqueueDeliveries([{ channel: 'messenger', payload: { to: '+5511', text: 'oi' } }], trx)
    )

    const command = await ace.create(QueueStatus, [])
    await command.exec()
    command.assertSucceeded()
    const logs = command.logger.getLogs().map((log) => log.message)
    const row = (kind: string) => logs.find((line) => line.startsWith(`${kind}|`))?.split('|')
    assert.deepEqual(logs[0].split('|'), [
      'Kind',
      'pending',
      'sent',
      'dead',
      'skipped',
      'Oldest pending',
    ])
    assert.deepEqual(row('email')!.slice(0, 5), ['email', '2', '0', '1', '0'])
    assert.deepEqual(row('messenger')!.slice(0, 5), ['messenger', '1', '0', '0', '0'])
    const age = (kind: string) => Number.parseInt(row(kind)![5])
    assert.isTrue(age('email') >= 300 && age('email') < 330, `oldest email: ${age('email')} s`)
    assert.isTrue(age('messenger') < 30)
    const lastError = command.logger
      .getLogs()
      .find((log) => log.message.includes('last email error'))
    assert.exists(lastError)
    assert.include(lastError!.message, `delivery ${dead} attempt ${MAX_ATTEMPTS}: `)
    assert.include(lastError!.message, 'ECONNREFUSED')
    /** The messenger kind has not failed: its pending delivery shows no error of the e-mail's */
    assert.notExists(
      command.logger.getLogs().find((log) => log.message.includes('last messenger error'))
    )
  })

  test('queue:retry --dead requeues dead deliveries with a fresh attempt budget; the history stays', async ({
    assert,
    cleanup,
  }) => {
    const port = await freePort()
    const worker = new DeliveryWorker({ mailer: smtpMailer(port) })
    const [dead] = await queue('Morta')
    await killDelivery(worker, dead)

    const command = await ace.create(QueueRetry, ['--dead'])
    await command.exec()
    command.assertSucceeded()
    command.assertLog('[ green(success) ] requeued 1 delivery')

    // one more failure does not kill it again: the budget restarted at the requeue
    assert.equal((await worker.runOnce()).retried, 1)
    let delivery = await Delivery.findOrFail(dead)
    assert.equal(delivery.status, 'pending')
    assert.equal(delivery.nextAttemptAt.diff(DateTime.now(), 'seconds').seconds > 20, true)

    const smtp = await startSmtpServer(port)
    cleanup(() => smtp.close())
    assert.equal((await worker.runOnce({ now: delivery.nextAttemptAt })).sent, 1)
    delivery = await Delivery.findOrFail(dead)
    assert.equal(delivery.status, 'sent')
    const outcomes = await DeliveryAttempt.query().where('delivery_id', dead).orderBy('attempt')
    assert.lengthOf(outcomes, MAX_ATTEMPTS + 2)
    assert.equal(outcomes[MAX_ATTEMPTS + 1].outcome, 'sent')
    assert.lengthOf(smtp.received, 1)
  })

  test('queue:retry --id requeues one delivery and refuses a sent one, a bad id and no target', async ({
    assert,
  }) => {
    const [dead, other] = await queue('Morta', 'Também morta')
    await db.from('deliveries').whereIn('id', [dead, other]).update({ status: 'dead' })
    const [sent] = await queue('Enviada')
    await db.from('deliveries').where('id', sent).update({ status: 'sent' })

    const one = await ace.create(QueueRetry, ['--id', dead])
    await one.exec()
    one.assertSucceeded()
    assert.equal((await Delivery.findOrFail(dead)).status, 'pending')
    assert.equal((await Delivery.findOrFail(other)).status, 'dead')

    for (const [args, message] of [
      [['--id', sent], `no pending, dead or skipped delivery ${sent}`],
      [['--id', 'abc'], 'not a delivery id: abc'],
      [[], 'give either --id <delivery id> or --dead'],
      [['--id', other, '--dead'], 'give either --id <delivery id> or --dead'],
    ] as const) {
      const command = await ace.create(QueueRetry, [...args])
      await command.exec()
      command.assertFailed()
      command.assertLog(`[ red(error) ] ${message}`, 'stderr')
    }
    assert.equal((await Delivery.findOrFail(sent)).status, 'sent')
    assert.equal((await Delivery.findOrFail(other)).status, 'dead')
  })
})
