import { test } from '@japa/runner'
import type { Assert } from '@japa/assert'
import type { ApiClient } from '@japa/api-client'
import { randomUUID } from 'node:crypto'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import drive from '@adonisjs/drive/services/main'
import Contract from '#models/contract'
import DataExport from '#models/data_export'
import Delivery, { OUTBOX_CHANNELS, type OutboxChannel } from '#models/delivery'
import IntegrationConnection from '#models/integration_connection'
import IntegrationRecord from '#models/integration_record'
import Onboarding from '#models/onboarding'
import ProviderCompliance from '#models/provider_compliance'
import type User from '#models/user'
import { CompanyFactory } from '#database/factories/company_factory'
import { ContractFactory } from '#database/factories/contract_factory'
import { UserFactory } from '#database/factories/user_factory'
import { enqueueDeliveries } from '#services/platform/outbox'
import { enqueueMails } from '#services/notifications/mail_outbox'
import { recordWebhookEvent } from '#services/webhooks/events'
import { SCHEDULE_DEFINITIONS } from '#support/schedules'
import { companyWithOwner } from '#tests/support/tenancy'
import { complianceWorld, createFlow, documentsStep, headers } from '#tests/support/compliance'
import { legalProvider } from '#tests/support/hours'
import { onboardingScenario } from '#tests/support/onboarding'
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
  /** Deletes what the deletion of the world's companies and users leaves */
  cleanup?(): Promise<void>
}

/** The signed link's expiry (the verifier's payload: base64url JSON before the dot) */
function signatureExpiry(link: string) {
  const signature = new URL(link).searchParams.get('signature')!
  const payload = JSON.parse(Buffer.from(signature.split('.')[0], 'base64url').toString())
  return new Date(payload.expiryDate)
}

const dataExport: Case & { exportId?: string; userId?: string; userEmail?: string } = {
  async arrange(world) {
    const user = await UserFactory.create()
    world.userIds.push(user.id)
    this.userId = user.id
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
  /** The archive the worker wrote to the disk both processes share (DRIVE_FS_ROOT) */
  async cleanup() {
    if (this.userId) await drive.use().deleteAll(`data-exports/${this.userId}`)
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

/**
 * The compliances of the month the worker generates: the company's month
 * in its time zone, when the case was arranged or now (a run may straddle
 * midnight at a month's end)
 */
const companyMonths = (timezone: string, since: DateTime) =>
  [since, DateTime.now()]
    .map((at) => at.setZone(timezone))
    .map(({ year, month }) => ({ year, month }))

const complianceGenerate: Case & {
  world?: Awaited<ReturnType<typeof complianceWorld>>
  arrangedAt?: DateTime
} = {
  async arrange(world) {
    const compliance = await complianceWorld()
    this.world = compliance
    this.arrangedAt = DateTime.now()
    world.companyIds.push(compliance.borrower.id, compliance.providerCompany.id)
    world.userIds.push(
      compliance.owner.id,
      compliance.validator.id,
      compliance.analyst.id,
      compliance.providerOwner.id,
      compliance.person.id
    )
    const steps = [documentsStep(), documentsStep({ title: 'Depois', dependsOnPrevious: true })]
    const flow = await createFlow(world.client, compliance, { name: 'Mensal do worker', steps })
    const attached = await world.client
      .post(`/api/v1/compliance-flows/${flow.id}/providers`)
      .headers(headers(compliance.borrower))
      .json({ providerIds: [compliance.providerCompany.id, compliance.person.id] })
      .loginAs(compliance.owner)
    attached.assertStatus(200)
    /** Attaching generates nothing: the month's compliances are the worker's */
    const before = await ProviderCompliance.query().where('company_id', compliance.borrower.id)
    if (before.length) throw new Error('compliances exist before the worker ran')
  },
  async done() {
    const { borrower } = this.world!
    const months = companyMonths(borrower.timezone, this.arrangedAt!)
    const rows = await ProviderCompliance.query()
      .where('company_id', borrower.id)
      .where((query) => {
        for (const { year, month } of months) query.orWhere({ year, month })
      })
    return rows.length === 2
  },
  async check(_world, assert) {
    const { borrower, providerCompany, person } = this.world!
    const months = companyMonths(borrower.timezone, this.arrangedAt!)
    const rows = await ProviderCompliance.query()
      .where('company_id', borrower.id)
      .preload('steps', (steps) => steps.preload('step'))
    assert.sameMembers(
      rows.map((row) => row.providerId),
      [providerCompany.id, person.id]
    )
    for (const row of rows) {
      assert.deepInclude(months, { year: row.year, month: row.month })
      assert.equal(row.status, 'pending')
      assert.sameMembers(
        row.steps.map((step) => `${step.step.title}:${step.status}`),
        ['Documentos do mês:pending', 'Depois:blocked']
      )
    }
  },
}

const onboardingSweep: Case & { expiredId?: string; liveId?: string } = {
  async arrange(world) {
    const expired = await onboardingScenario()
    const live = await onboardingScenario({ naturalPerson: true })
    for (const scenario of [expired, live]) {
      world.companyIds.push(scenario.borrower.id)
      if (scenario.providerCompany) world.companyIds.push(scenario.providerCompany.id)
      world.userIds.push(scenario.borrowerOwner.id, scenario.providerOwner.id)
    }
    /** Expired an hour ago, and one still valid for a month (beyond the reminder window too) */
    expired.onboarding.merge({ status: 'pending', expiresAt: DateTime.now().minus({ hours: 1 }) })
    await expired.onboarding.save()
    live.onboarding.merge({ status: 'pending', expiresAt: DateTime.now().plus({ days: 30 }) })
    await live.onboarding.save()
    this.expiredId = expired.onboarding.id
    this.liveId = live.onboarding.id
  },
  async done() {
    return (await Onboarding.findOrFail(this.expiredId!)).status === 'expired'
  },
  async check(_world, assert) {
    assert.equal((await Onboarding.findOrFail(this.liveId!)).status, 'pending')
  },
}

/**
 * The UTC days a case has lived through: sweeps and reminders run once per
 * UTC day, so a run across midnight may rightly run them twice
 */
const utcDaysSince = (since: DateTime) =>
  new Set([since, DateTime.now()].map((at) => at.toUTC().toISODate())).size

/** Once a day however many runs: once, or once per UTC day the case lived through */
function assertOncePerDay(assert: Assert, rows: unknown[], since: DateTime, what: string) {
  assert.isAtLeast(rows.length, 1, what)
  assert.isAtMost(rows.length, utcDaysSince(since), `${what}: once per UTC day`)
}

const integrationsSweep: Case & {
  connectionId?: string
  ownerId?: string
  arrangedAt?: DateTime
} = {
  async arrange(world) {
    const { company: borrower, owner } = await companyWithOwner()
    const covered = await legalProvider(borrower)
    world.companyIds.push(borrower.id, covered.company.id)
    world.userIds.push(owner.id, covered.owner.id)
    const connection = await IntegrationConnection.create({
      companyId: borrower.id,
      provider: 'erp-worker',
      status: 'active',
    })
    /** One record of a provider with an active contract, one of a company with none */
    const stranger = await CompanyFactory.make()
    for (const [index, document] of [covered.company.document, stranger.document].entries()) {
      await IntegrationRecord.create({
        connectionId: connection.id,
        externalId: `worker-${index}`,
        document,
        syncedAt: DateTime.now(),
      })
    }
    this.connectionId = connection.id
    this.arrangedAt = DateTime.now()
    this.ownerId = owner.id
  },
  async done() {
    const notified = await db
      .from('notifications')
      .where({ user_id: this.ownerId!, type: 'integration_records_without_contract' })
    return notified.length > 0
  },
  async check(_world, assert) {
    const sweeps = await db.from('integration_sweeps').where('connection_id', this.connectionId!)
    assertOncePerDay(assert, sweeps, this.arrangedAt!, 'the sweep of the connection')
    for (const sweep of sweeps) assert.equal(sweep.pending_count, 1)
    const notified = await db
      .from('notifications')
      .where({ user_id: this.ownerId!, type: 'integration_records_without_contract' })
    assertOncePerDay(assert, notified, this.arrangedAt!, 'the notification')
    assert.equal(notified[0].message, '1 registro sincronizado de erp-worker sem contrato ativo.')
  },
}

const REMINDER_TITLE = 'Lembrete: o link do onboarding vai expirar'

const remindersSend: Case & { onboardingId?: string; recipient?: User; arrangedAt?: DateTime } = {
  async arrange(world) {
    const scenario = await onboardingScenario()
    world.companyIds.push(scenario.borrower.id, scenario.providerCompany!.id)
    world.userIds.push(scenario.borrowerOwner.id, scenario.providerOwner.id)
    /** Within the 2 days before expiry (ONBOARDING_EXPIRING_DAYS) */
    scenario.onboarding.merge({ status: 'pending', expiresAt: DateTime.now().plus({ days: 1 }) })
    await scenario.onboarding.save()
    this.onboardingId = scenario.onboarding.id
    this.arrangedAt = DateTime.now()
    this.recipient = scenario.providerOwner
  },
  async done(world) {
    return world.sink.received.some(
      (mail) => mail.to.includes(this.recipient!.email) && mail.subject === REMINDER_TITLE
    )
  },
  async check(world, assert) {
    const mails = world.sink.received.filter(
      (mail) => mail.to.includes(this.recipient!.email) && mail.subject === REMINDER_TITLE
    )
    assertOncePerDay(assert, mails, this.arrangedAt!, 'the reminder e-mail')
    const rows = await db
      .from('notifications')
      .where({ user_id: this.recipient!.id, type: 'reminder', title: REMINDER_TITLE })
    assertOncePerDay(assert, rows, this.arrangedAt!, 'the reminder notification')
    const claimed = await db
      .from('reminders_sent')
      .where({ kind: 'onboarding', item_id: this.onboardingId! })
    assertOncePerDay(assert, claimed, this.arrangedAt!, 'the reminder claim')
  },
  async cleanup() {
    await db.from('reminders_sent').where('item_id', this.onboardingId!).delete()
  },
}

/** Audit entries and Idempotency-Key answers, one past its term and one within */
const auditPrune: Case & { companyId?: string; callers?: string[] } = {
  async arrange() {
    this.companyId = randomUUID()
    const entry = (daysAgo: number) => ({
      company_id: this.companyId,
      actor_type: 'user',
      resource: 'contracts',
      action: 'update',
      fields: ['name'],
      created_at: DateTime.now().minus({ days: daysAgo }).toJSDate(),
    })
    /** Either side of the default retention (AUDIT_LOG_RETENTION_DAYS, 365) */
    await db.table('audit_log').multiInsert([entry(395), entry(335)])
    this.callers = [`worker-${randomUUID()}`, `worker-${randomUUID()}`]
    await db.table('idempotency_keys').multiInsert(
      this.callers.map((caller, index) => ({
        caller,
        key: 'k',
        request_hash: 'h',
        status: 201,
        expires_at: DateTime.now()
          .plus({ hours: index === 0 ? -1 : 1 })
          .toJSDate(),
      }))
    )
  },
  async done() {
    const old = await db
      .from('audit_log')
      .where('company_id', this.companyId!)
      .where('created_at', '<', DateTime.now().minus({ days: 365 }).toJSDate())
    const expired = await db.from('idempotency_keys').where('caller', this.callers![0])
    return old.length === 0 && expired.length === 0
  },
  async check(_world, assert) {
    assert.lengthOf(await db.from('audit_log').where('company_id', this.companyId!), 1)
    assert.lengthOf(await db.from('idempotency_keys').where('caller', this.callers![1]), 1)
  },
  async cleanup() {
    await pruneAudit(this.companyId!)
    await db.from('idempotency_keys').whereIn('caller', this.callers!).delete()
  },
}

/** Deletes a company's audit entries, as only the retention prune may */
function pruneAudit(companyIds: string | string[]) {
  return db.transaction(async (trx) => {
    await trx.rawQuery(`SELECT set_config('app.audit_prune', 'on', true)`)
    await trx.from('audit_log').whereIn('company_id', [companyIds].flat()).delete()
  })
}

/** The worker's successful runs of a schedule, from its log */
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
  'compliance:generate': complianceGenerate,
  'onboarding:sweep': onboardingSweep,
  'integrations:sweep': integrationsSweep,
  'reminders:send': remindersSend,
  'audit:prune': auditPrune,
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
    const cases: [string, Case][] = [
      ...Object.entries(SCHEDULE_CASES),
      ...Object.entries(DELIVERY_CASES).map(
        ([kind, make]) => [`delivery:${kind}`, make()] as [string, Case]
      ),
    ]
    cleanup(async () => {
      await world.sink.close()
      await world.bot.close()
      await world.receiver.close()
      for (const [, item] of cases) await item.cleanup?.()
      /** The helpers' other members too (an onboarding scenario's admin) */
      const members = await db
        .from('company_members')
        .whereIn('company_id', world.companyIds)
        .select('user_id')
      world.userIds.push(...members.map((member) => member.user_id))
      /** What the worker sent the world's people (reminders, notifications by e-mail and bot) */
      const people = await db.from('users').whereIn('id', world.userIds).select('email', 'phone')
      const addresses = people.flatMap((person) => [person.email, person.phone]).filter(Boolean)
      await db
        .from('deliveries')
        .where((query) =>
          query.whereIn('id', world.deliveryIds).orWhereRaw("payload->>'to' = ANY(?)", [addresses])
        )
        .delete()
      await db
        .from('reminders_sent')
        .whereIn(
          'item_id',
          db
            .from('step_compliances as sc')
            .join('provider_compliances as pc', 'pc.id', 'sc.provider_compliance_id')
            .whereIn('pc.company_id', world.companyIds)
            .select('sc.id')
        )
        .delete()
      await pruneAudit(world.companyIds)
      await db.from('companies').whereIn('id', world.companyIds).delete()
      await db.from('users').whereIn('id', world.userIds).delete()
    })

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
