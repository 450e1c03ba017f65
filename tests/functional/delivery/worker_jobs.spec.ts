import { test } from '@japa/runner'
import type { Assert } from '@japa/assert'
import type { ApiClient } from '@japa/api-client'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import Contract from '#models/contract'
import DataExport from '#models/data_export'
import Delivery, { OUTBOX_CHANNELS, type OutboxChannel } from '#models/delivery'
import { ContractFactory } from '#database/factories/contract_factory'
import { UserFactory } from '#database/factories/user_factory'
import { enqueueDeliveries } from '#services/platform/outbox'
import { enqueueMails } from '#services/notifications/mail_outbox'
import { recordWebhookEvent } from '#services/webhooks/events'
import { SCHEDULE_DEFINITIONS } from '#support/schedules'
import { companyWithOwner } from '#tests/support/tenancy'
import { as } from '#tests/support/http'
import { startBotServer, startSmtpServer } from '#tests/support/outbound'
import { startWebhookReceiver } from '#tests/support/webhook_receiver'
import { killAce, startAce, waitUntil } from '#tests/support/processes'

/**
 * Every schedule and every delivery kind, run the way production runs
 * them: a separate `node ace queue:work` process (it boots no HTTP server)
 * on the run's real PostgreSQL, with a real SMTP sink, a real messenger
 * bot and a real webhook receiver, every schedule set to run each second.
 * The cases are keyed by the registries (SCHEDULE_DEFINITIONS,
 * OUTBOX_CHANNELS): a schedule or kind added without a case fails here.
 * No global transaction: the worker sees only committed rows, so the
 * test deletes what it made.
 */
type Sink = Awaited<ReturnType<typeof startSmtpServer>>
type Bot = Awaited<ReturnType<typeof startBotServer>>
type Receiver = Awaited<ReturnType<typeof startWebhookReceiver>>

interface World {
  client: ApiClient
  sink: Sink
  bot: Bot
  receiver: Receiver
  /** Rows to delete afterwards */
  userIds: string[]
  companyIds: string[]
  deliveryIds: string[]
}

interface Case {
  /** Commits what the job works on */
  arrange(world: World): Promise<void>
  /** The end state is reached (polled) */
  done(world: World): Promise<boolean>
  /** What else the end state must be */
  check?(world: World, assert: Assert): Promise<void>
}

/** The signed link's expiry (the verifier's payload: base64url JSON before the dot) */
function signatureExpiry(link: string) {
  const signature = new URL(link).searchParams.get('signature')!
  const payload = JSON.parse(Buffer.from(signature.split('.')[0], 'base64url').toString())
  return new Date(payload.expiryDate)
}

const dataExport: Case & { exportId?: string; userEmail?: string } = {
  async arrange(world) {
    const user = await UserFactory.create()
    world.userIds.push(user.id)
    this.userEmail = user.email!
    const requested = await world.client.post('/api/v1/users/me/data-export').loginAs(user)
    requested.assertStatus(202)
    this.exportId = requested.body().data.id
  },
  async done(world) {
    const row = await DataExport.find(this.exportId!)
    return (
      row?.status !== 'pending' && world.sink.received.some((m) => m.to.includes(this.userEmail!))
    )
  },
  async check(world, assert) {
    const row = await DataExport.findOrFail(this.exportId!)
    assert.equal(row.status, 'ready', `failed: ${row.failureReason}`)
    const mail = world.sink.received.find((m) => m.to.includes(this.userEmail!))!
    const link = /href="([^"]+\/api\/v1\/files\/[^"]+)"/
      .exec(mail.html)?.[1]
      ?.replaceAll('&amp;', '&')
    assert.isString(link, 'the e-mail carries the download link')
    const download = await fetch(link!)
    assert.equal(download.status, 200)
    const archive = (await download.json()) as { exportId: string }
    assert.equal(archive.exportId, this.exportId)
    /** The link expires with the export (DATA_EXPORT_TTL_DAYS), to the second */
    assert.closeTo(signatureExpiry(link!).getTime(), row.expiresAt!.toMillis(), 2000)
    assert.isAbove(row.expiresAt!.toMillis(), DateTime.now().plus({ days: 6 }).toMillis())
  },
}

const contractsSweep: Case & { contractId?: string } = {
  async arrange(world) {
    const { company, owner } = await companyWithOwner()
    world.companyIds.push(company.id)
    world.userIds.push(owner.id)
    const startDate = DateTime.now().setZone(company.timezone).minus({ days: 1 }).startOf('day')
    const contract = await ContractFactory.merge({
      companyId: company.id,
      status: 'completed',
      startDate,
    }).create()
    this.contractId = contract.id
  },
  async done() {
    return (await Contract.findOrFail(this.contractId!)).status === 'active'
  },
}

const notificationsPrune: Case & { notificationId?: string } = {
  async arrange(world) {
    const { company, owner } = await companyWithOwner()
    world.companyIds.push(company.id)
    world.userIds.push(owner.id)
    const [row] = await db
      .table('notifications')
      .insert({
        company_id: company.id,
        user_id: owner.id,
        scope: 'general',
        type: 'general',
        title: 'Antiga',
        message: 'Antiga',
        created_at: DateTime.now().minus({ days: 200 }).toJSDate(),
      })
      .returning('id')
    this.notificationId = row.id
  },
  async done() {
    const row = await db.from('notifications').where('id', this.notificationId!).first()
    return !row
  },
}

/** The schedules whose end state is their successful run in the worker's log */
function ranInWorker(command: string): Case {
  return {
    async arrange() {},
    async done() {
      return scheduledRuns(command) > 0
    },
  }
}

let workerOutput = () => ''
const scheduledRuns = (command: string) =>
  workerOutput()
    .split(/(?=scheduled run (?:done|failed))/)
    .filter((chunk) => chunk.startsWith('scheduled run done') && chunk.includes(`"${command}"`))
    .length

const SCHEDULE_CASES: Record<string, Case> = {
  'data-exports:process': dataExport,
  'contracts:sweep': contractsSweep,
  'notifications:prune': notificationsPrune,
  'compliance:generate': ranInWorker('compliance:generate'),
  'onboarding:sweep': ranInWorker('onboarding:sweep'),
  'integrations:sweep': ranInWorker('integrations:sweep'),
  'reminders:send': ranInWorker('reminders:send'),
}

const deliveryDone = (ids: () => string[]) => async () =>
  (await Delivery.query().whereIn('id', ids()).where('status', 'sent')).length === ids().length

function emailCase(): Case {
  const ids: string[] = []
  return {
    async arrange(world) {
      const queued = await db.transaction((trx) =>
        enqueueMails(
          [{ to: 'worker-mail@cliente.test', subject: 'Worker mail', html: '<p>x</p>', text: 'x' }],
          trx
        )
      )
      ids.push(...queued)
      world.deliveryIds.push(...queued)
    },
    done: () => deliveryDone(() => ids)(),
    async check(world, assert) {
      assert.isTrue(world.sink.received.some((m) => m.subject === 'Worker mail'))
    },
  }
}

function messengerCase(): Case {
  const ids: string[] = []
  return {
    async arrange(world) {
      const queued = await db.transaction((trx) =>
        enqueueDeliveries(
          [{ channel: 'messenger', payload: { to: '+5511999990000', text: 'Worker bot' } }],
          trx
        )
      )
      ids.push(...queued)
      world.deliveryIds.push(...queued)
    },
    done: () => deliveryDone(() => ids)(),
    async check(world, assert) {
      assert.isTrue(world.bot.requests.some((r) => r.body.text === 'Worker bot'))
    },
  }
}

function webhookCase(): Case {
  let endpointId = ''
  return {
    async arrange(world) {
      const { company, owner } = await companyWithOwner()
      world.companyIds.push(company.id)
      world.userIds.push(owner.id)
      const created = await as(world.client, owner, company)
        .post('/webhooks')
        .json({ url: world.receiver.url, events: ['*'] })
      created.assertStatus(201)
      endpointId = created.body().data.id
      await db.transaction((trx) =>
        recordWebhookEvent(trx, {
          companyId: company.id,
          type: 'work_entry.created',
          data: { worker: true },
        })
      )
    },
    async done() {
      const rows = await Delivery.query().where('webhook_endpoint_id', endpointId)
      return rows.length === 1 && rows[0].status === 'sent'
    },
    async check(world, assert) {
      assert.isTrue(world.receiver.received.some((r) => r.json?.data?.worker === true))
    },
  }
}

/** POST /auth/password/forgot only queues the job: the worker finds the account and mails the link */
function passwordResetCase(): Case {
  let email = ''
  return {
    async arrange(world) {
      const user = await UserFactory.create()
      email = user.email
      world.userIds.push(user.id)
      const response = await world.client.post('/api/v1/auth/password/forgot').json({ email })
      response.assertStatus(202)
      const jobs = await Delivery.query().where('channel', 'password_reset')
      world.deliveryIds.push(...jobs.map((job) => job.id))
    },
    async done(world) {
      return world.sink.received.some((mail) => mail.to.includes(email))
    },
    async check(world, assert) {
      const [mail] = world.sink.received.filter((received) => received.to.includes(email))
      assert.include(mail.text, '/reset-password')
      const mails = await Delivery.query()
        .where('channel', 'email')
        .whereRaw("payload->>'to' = ?", [email])
      world.deliveryIds.push(...mails.map((row) => row.id))
    },
  }
}

const DELIVERY_CASES: Record<OutboxChannel, () => Case> = {
  email: emailCase,
  messenger: messengerCase,
  webhook: webhookCase,
  password_reset: passwordResetCase,
}

test.group('Worker / every schedule and delivery kind in `node ace queue:work`', () => {
  test('every schedule and every delivery kind has a case here', ({ assert }) => {
    assert.sameMembers(
      Object.keys(SCHEDULE_CASES),
      SCHEDULE_DEFINITIONS.map((definition) => definition.command)
    )
    assert.sameMembers(Object.keys(DELIVERY_CASES), [...OUTBOX_CHANNELS])
  })

  test('a separate worker process brings each to its end state', async ({
    client,
    assert,
    cleanup,
  }) => {
    const world: World = {
      client,
      sink: await startSmtpServer(),
      bot: await startBotServer(),
      receiver: await startWebhookReceiver(),
      userIds: [],
      companyIds: [],
      deliveryIds: [],
    }
    cleanup(async () => {
      await world.sink.close()
      await world.bot.close()
      await world.receiver.close()
      await db.from('deliveries').whereIn('id', world.deliveryIds).delete()
      await db.from('companies').whereIn('id', world.companyIds).delete()
      await db.from('users').whereIn('id', world.userIds).delete()
    })

    const cases: [string, Case][] = [
      ...Object.entries(SCHEDULE_CASES),
      ...Object.entries(DELIVERY_CASES).map(
        ([kind, make]) => [`delivery:${kind}`, make()] as [string, Case]
      ),
    ]
    for (const [, item] of cases) if (item !== dataExport) await item.arrange(world)

    const everySecond = Object.fromEntries(
      SCHEDULE_DEFINITIONS.map((definition) => [definition.env, '* * * * * *'])
    )
    const worker = startAce(['queue:work', '--idle', '1'], {
      ...everySecond,
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(world.sink.port),
      MESSENGER_URL: world.bot.url,
      MESSENGER_TOKEN: 'worker-test-token',
      LOG_LEVEL: 'info',
    })
    workerOutput = worker.output
    cleanup(() => killAce(worker))

    /** A request to a worker already running (its schedules have started): a second run does it */
    await waitUntil(() => scheduledRuns('data-exports:process') > 0, 30_000, worker.output)
    await dataExport.arrange(world)

    let left: string[] = []
    await waitUntil(
      async () => {
        left = []
        for (const [name, item] of cases) if (!(await item.done(world))) left.push(name)
        return left.length === 0
      },
      45_000,
      () => `not done: ${left.join(', ')}\n${worker.output()}`
    )
    for (const [, item] of cases) await item.check?.(world, assert)
    assert.notMatch(worker.output(), /scheduled run failed/)
  }).timeout(60_000)
})
