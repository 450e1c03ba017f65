import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import Delivery from '#models/delivery'
import queueConfig from '#config/queue'
import { enqueueDeliveries } from '#services/platform/outbox'
import { DeliveryWorker } from '#services/platform/delivery_worker'
import { freePort, smtpMailer, startSmtpServer } from '#tests/support/outbound'

const mail = (subject: string) => ({
  channel: 'email' as const,
  payload: { to: 'maria@cliente.test', subject, html: `<p>${subject}</p>`, text: subject },
})

const queue = (...subjects: string[]) =>
  db.transaction((trx) => enqueueDeliveries(subjects.map(mail), trx))

const dueTimes = async (ids: string[]) =>
  (await Delivery.query().whereIn('id', ids).orderBy('next_attempt_at')).map((d) =>
    d.nextAttemptAt.toMillis()
  )

test.group('Delivery / backoff that notices recovery', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test("after a success of a kind, that kind's waiting deliveries are brought forward, spaced", async ({
    assert,
    cleanup,
  }) => {
    const port = await freePort()
    const worker = new DeliveryWorker({ mailer: smtpMailer(port) })
    const waiting = await queue('Um', 'Dois', 'Tres')
    /** Taken after the inserts: their `next_attempt_at` (the database's now()) is then due */
    const now = DateTime.now()
    assert.equal((await worker.runOnce({ now })).retried, 3)
    // one of them has failed often: its next try is an hour away
    await db
      .from('deliveries')
      .where('id', waiting[2])
      .update({
        attempts: 7,
        next_attempt_at: now.plus({ hours: 1 }).toJSDate(),
      })
    const messenger = await db.transaction((trx) =>
      enqueueDeliveries([{ channel: 'messenger', payload: { to: '+5511', text: 'oi' } }], trx)
    )
    const messengerDue = now.plus({ minutes: 10 })
    await db.from('deliveries').whereIn('id', messenger).update({
      attempts: 3,
      next_attempt_at: messengerDue.toJSDate(),
    })

    const smtp = await startSmtpServer(port)
    cleanup(() => smtp.close())
    await queue('Novo')
    const later = now.plus({ seconds: 2 })
    assert.equal((await worker.runOnce({ now: later, batchSize: 1 })).sent, 1)

    const stepMs = 1000 / queueConfig.recoveryRatePerSecond
    const due = await dueTimes(waiting)
    assert.lengthOf(due, 3)
    assert.isAtMost(due[2] - later.toMillis(), 3 * stepMs + 1, 'waits capped after the recovery')
    for (let index = 1; index < due.length; index++) {
      assert.isAtLeast(due[index] - due[index - 1], stepMs - 1, 'spaced: bounded in rate')
    }
    const other = await Delivery.findOrFail(messenger[0])
    assert.equal(other.nextAttemptAt.toMillis(), messengerDue.toMillis(), 'other kinds wait on')

    const summary = await worker.runOnce({ now: later.plus({ seconds: 1 }) })
    assert.equal(summary.sent, 3)
    assert.lengthOf(smtp.received, 4)
  })

  test('the recovery runs at most once per interval and kind, and never delays a delivery', async ({
    assert,
    cleanup,
  }) => {
    const smtp = await startSmtpServer()
    cleanup(() => smtp.close())
    const worker = new DeliveryWorker({ mailer: smtpMailer(smtp.port) })
    const start = DateTime.now().plus({ seconds: 1 })
    const [soon] = await queue('Logo')
    const soonDue = start.plus({ milliseconds: 10 })
    await db.from('deliveries').where('id', soon).update({
      attempts: 1,
      next_attempt_at: soonDue.toJSDate(),
    })
    await queue('Primeiro')
    assert.equal((await worker.runOnce({ now: start, batchSize: 1 })).sent, 1)
    assert.equal(
      (await Delivery.findOrFail(soon)).nextAttemptAt.toMillis(),
      soonDue.toMillis(),
      'an earlier time than its slot is kept'
    )
    await db.from('deliveries').where('id', soon).update({ status: 'skipped' })

    const [waiting] = await queue('Espera')
    const waitingDue = start.plus({ minutes: 5 })
    await db.from('deliveries').where('id', waiting).update({
      attempts: 1,
      next_attempt_at: waitingDue.toJSDate(),
    })
    await queue('Segundo')
    const within = start.plus({ seconds: queueConfig.recoveryIntervalSeconds - 1 })
    assert.equal((await worker.runOnce({ now: within, batchSize: 1 })).sent, 1)
    assert.equal(
      (await Delivery.findOrFail(waiting)).nextAttemptAt.toMillis(),
      waitingDue.toMillis(),
      'no second recovery within the interval'
    )

    await queue('Terceiro')
    const after = start.plus({ seconds: queueConfig.recoveryIntervalSeconds + 1 })
    assert.equal((await worker.runOnce({ now: after, batchSize: 1 })).sent, 1)
    assert.isBelow(
      (await Delivery.findOrFail(waiting)).nextAttemptAt.toMillis(),
      after.plus({ seconds: 1 }).toMillis()
    )
  })
})
