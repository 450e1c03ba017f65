import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import app from '@adonisjs/core/services/app'
import ace from '@adonisjs/core/services/ace'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import CompanyNotificationSetting from '#models/company_notification_setting'
import Notification from '#models/notification'
import Onboarding from '#models/onboarding'
import RemindersSend from '#commands/reminders_send'
import SendScheduledReminders, {
  REMINDERS_LOCK,
} from '#actions/notifications/send_scheduled_reminders'
import onboardingTokens from '#services/onboarding/token_service'
import databaseConfig from '#config/database'
import pg from 'pg'
import { attachedWorld, documentsStep, ONE_DOCUMENT } from '#tests/support/compliance'
import { contractToSign, contractWorld } from '#tests/support/contracts'
import { onboardingScenario } from '#tests/support/onboarding'
import { mailsTo } from '#tests/support/event_notifications'
import { as } from '#tests/support/http'
import { freezeClock, restoreClock } from '#tests/support/clock'
import { statementsOf } from '#tests/support/statements'

/** Runs the action as the command does, under the frozen clock */
async function runReminders() {
  const action = await app.container.make(SendScheduledReminders)
  return action.handle()
}

const reminders = () => Notification.query().where('type', 'reminder').orderBy('user_id')

/** 26 March 2026, 12:00 UTC (09:00 in São Paulo, the companies' default zone) */
const NOW = '2026-03-26T12:00:00.000Z'

/**
 * A flow with a step whose window ends on the 28th (closes within 3 days
 * of NOW) and one ending on the 31st (not yet), attached to a legal
 * entity and a natural person.
 */
const closingWorld = (client: any) =>
  attachedWorld(client, [
    documentsStep({
      title: 'Nota fiscal',
      schedule: { frequency: 'monthly', dayStart: 1, dayEnd: 28 },
      ...ONE_DOCUMENT,
    }),
    documentsStep({
      title: 'Folha de pagamento',
      schedule: { frequency: 'monthly', dayStart: 1, dayEnd: 31 },
      ...ONE_DOCUMENT,
    }),
  ])

test.group('Notifications / scheduled reminders', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => freezeClock(NOW))
  group.each.teardown(() => restoreClock())

  test('a compliance step whose window closes within 3 days reminds the provider (scope action, e-mail)', async ({
    client,
    assert,
  }) => {
    const world = await closingWorld(client)
    const result = await runReminders()
    assert.deepEqual(result, {
      locked: true,
      sent: { compliance_step: 2, signature: 0, onboarding: 0 },
    })

    const rows = await reminders()
    assert.sameMembers(
      rows.map((row) => row.userId),
      [world.providerOwner.id, world.person.id]
    )
    for (const row of rows) {
      assert.equal(row.scope, 'action')
      assert.equal(row.companyId, world.borrower.id)
      assert.equal(row.activity?.entityName, 'Nota fiscal')
      assert.include(row.message, '28/03/2026')
      assert.equal(row.activity?.kind, 'compliance_step_reminder')
    }
    const own = rows.find((row) => row.userId === world.providerOwner.id)!
    assert.equal(own.activity?.actionRoute, `/provider-compliances/${world.companyCompliance.id}`)
    const [mail, ...more] = await mailsTo(world.providerOwner.email)
    assert.lengthOf(more, 0)
    assert.equal(mail.subject, 'Lembrete: prazo de conformidade')
  })

  test('a submitted step, or a window already over, is not reminded', async ({
    client,
    assert,
  }) => {
    const world = await closingWorld(client)
    await db
      .from('step_compliances')
      .where('provider_compliance_id', world.companyCompliance.id)
      .update({ status: 'submitted' })
    // two days later the window of the 28th is over
    freezeClock('2026-03-29T12:00:00.000Z')
    assert.deepEqual((await runReminders()).sent.compliance_step, 1)
    const [row, ...more] = await reminders()
    assert.lengthOf(more, 0)
    assert.equal(row.userId, world.person.id)
    assert.include(row.message, 'Folha de pagamento')
  })

  test('the delivery rule applies: a company that disabled reminder gets none', async ({
    client,
    assert,
  }) => {
    const world = await closingWorld(client)
    await CompanyNotificationSetting.create({
      companyId: world.borrower.id,
      allowedChannels: {},
      types: { reminder: false },
    })
    await runReminders()
    assert.lengthOf(await reminders(), 0)
    assert.lengthOf(await mailsTo(world.providerOwner.email), 0)
  })

  test('a signature pending for more than 3 days reminds the open group signers, with or without an account', async ({
    client,
    assert,
  }) => {
    const world = await contractWorld()
    const id = await contractToSign(client, world, [
      {
        name: 'Contratante',
        order: 1,
        members: [{ userId: world.owner.id }, { name: 'Externa', email: 'externa@example.com' }],
      },
      { name: 'Prestadores', order: 2, members: [{ userId: world.person.id }] },
    ])
    ;(
      await as(client, world.owner, world.company).post(`/contracts/${id}/signatures/start`)
    ).assertStatus(200)

    freezeClock('2026-03-28T12:00:00.000Z')
    assert.equal((await runReminders()).sent.signature, 0, 'two days: not yet')

    freezeClock('2026-03-29T13:00:00.000Z')
    assert.equal((await runReminders()).sent.signature, 2)
    const [row, ...more] = await reminders()
    assert.lengthOf(more, 0, 'the second group is not asked yet')
    assert.equal(row.userId, world.owner.id)
    assert.equal(row.scope, 'action')
    assert.equal(row.companyId, world.company.id)
    assert.equal(row.title, 'Lembrete: assinatura pendente')
    assert.equal(row.activity?.actionRoute, `/contracts/${id}`)
    const external = (await mailsTo('externa@example.com')).filter(
      (mail) => mail.subject === 'Lembrete: assinatura pendente'
    )
    assert.lengthOf(external, 1)
    assert.include(external[0].html, `/contracts/${id}`)
  })

  test('a later group is reminded 3 days after the group before it finished', async ({
    client,
    assert,
  }) => {
    const world = await contractWorld()
    const id = await contractToSign(client, world, [
      { name: 'Contratante', order: 1, members: [{ userId: world.owner.id }] },
      { name: 'Prestadores', order: 2, members: [{ userId: world.person.id }] },
    ])
    const owner = as(client, world.owner, world.company)
    ;(await owner.post(`/contracts/${id}/signatures/start`)).assertStatus(200)
    freezeClock('2026-03-30T12:00:00.000Z')
    ;(await owner.post(`/contracts/${id}/signatures/sign`)).assertStatus(200)

    freezeClock('2026-04-01T12:00:00.000Z')
    assert.equal((await runReminders()).sent.signature, 0, 'asked two days ago')
    freezeClock('2026-04-02T12:30:00.000Z')
    assert.equal((await runReminders()).sent.signature, 1)
    const [row] = await reminders()
    assert.equal(row.userId, world.person.id)
  })

  test("an onboarding expiring within 2 days reminds the provider's owner with the link", async ({
    assert,
  }) => {
    const soon = await onboardingScenario()
    const later = await onboardingScenario()
    const person = await onboardingScenario({ naturalPerson: true })
    const now = DateTime.fromISO(NOW)
    await Onboarding.query()
      .whereIn('id', [soon.onboarding.id, person.onboarding.id])
      .update({ expiresAt: now.plus({ days: 1, hours: 20 }).toJSDate() })
    await Onboarding.query()
      .where('id', later.onboarding.id)
      .update({ expiresAt: now.plus({ days: 3 }).toJSDate() })

    assert.equal((await runReminders()).sent.onboarding, 2)
    const rows = await reminders()
    assert.sameDeepMembers(
      rows.map((row) => [row.userId, row.companyId]),
      [
        [soon.providerOwner.id, soon.providerCompany!.id],
        [person.providerOwner.id, person.borrower.id],
      ]
    )
    const row = rows.find((candidate) => candidate.userId === soon.providerOwner.id)!
    const token = await onboardingTokens.sign(await Onboarding.findOrFail(soon.onboarding.id))
    assert.equal(row.scope, 'action')
    assert.equal(row.activity?.actionRoute, `/public/onboarding/${token}`)
    assert.include(row.message, '28/03/2026')
    const [mail] = await mailsTo(soon.providerOwner.email)
    assert.include(mail.html, `/public/onboarding/${token}`)
    assert.lengthOf(await mailsTo(later.providerOwner.email), 0)
  })

  test('each item at most once a day: a second run the same day sends nothing, the next day again', async ({
    client,
    assert,
  }) => {
    await closingWorld(client)
    const soon = await onboardingScenario()
    await Onboarding.query()
      .where('id', soon.onboarding.id)
      .update({ expiresAt: DateTime.fromISO(NOW).plus({ days: 2 }).toJSDate() })

    assert.deepEqual((await runReminders()).sent, {
      compliance_step: 2,
      signature: 0,
      onboarding: 1,
    })
    freezeClock('2026-03-26T23:30:00.000Z')
    assert.deepEqual((await runReminders()).sent, {
      compliance_step: 0,
      signature: 0,
      onboarding: 0,
    })
    assert.lengthOf(await reminders(), 3)

    freezeClock('2026-03-27T00:30:00.000Z')
    assert.deepEqual((await runReminders()).sent, {
      compliance_step: 2,
      signature: 0,
      onboarding: 1,
    })
    assert.lengthOf(await reminders(), 6)
  })

  test('one run at a time: while another instance holds the lock, nothing is sent', async ({
    client,
    assert,
  }) => {
    await closingWorld(client)
    const other = new pg.Client(databaseConfig.connections.postgres.connection as pg.ClientConfig)
    await other.connect()
    try {
      await other.query('SELECT pg_advisory_lock(hashtext($1))', [REMINDERS_LOCK])
      assert.deepEqual(await runReminders(), {
        locked: false,
        sent: { compliance_step: 0, signature: 0, onboarding: 0 },
      })
      assert.lengthOf(await reminders(), 0)
    } finally {
      await other.end()
    }
  })

  test('the queries do not grow with the items', async ({ client, assert }) => {
    await closingWorld(client)
    const one = await statementsOf(runReminders)
    assert.lengthOf(await reminders(), 2)

    await closingWorld(client)
    await closingWorld(client)
    freezeClock('2026-03-27T12:00:00.000Z')
    const many = await statementsOf(runReminders)
    assert.lengthOf(await reminders(), 2 + 6)
    assert.equal(many.length, one.length)
  })

  test('node ace reminders:send runs it and says what it sent', async ({ client }) => {
    await closingWorld(client)
    ace.ui.switchMode('raw')
    try {
      const command = await ace.create(RemindersSend, [])
      await command.exec()
      command.assertSucceeded()
      command.assertLog(
        '[ green(success) ] reminders sent: 2 compliance step(s), 0 signature(s), 0 onboarding(s)'
      )
    } finally {
      ace.ui.switchMode('normal')
    }
  })
})
