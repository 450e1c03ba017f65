import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import emitter from '@adonisjs/core/services/emitter'
import AuthSession from '#models/auth_session'
import Delivery, { type MailPayload } from '#models/delivery'
import Notification from '#models/notification'
import NotificationPreference from '#models/notification_preference'
import { FACTORY_PASSWORD, UserFactory } from '#database/factories/user_factory'
import { notify } from '#services/notifications/notifier'
import { contractActivity } from '#services/notifications/activity'
import { companyWithOwner, memberOf } from '#tests/support/tenancy'

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36'
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0'

test.group('Notifications / pipeline', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('notify inserts one row per recipient and queues e-mails in one go', async ({ assert }) => {
    const { company, owner } = await companyWithOwner()
    const admin = await memberOf(company, 'admin')
    const quiet = await memberOf(company, 'user')
    await NotificationPreference.create({
      userId: quiet.id,
      companyId: company.id,
      channels: { email: false },
    })
    const contract = { id: crypto.randomUUID(), name: 'Contrato Alfa' }

    const inserts: string[] = []
    const knex = db.connection().getWriteClient()
    const listener = (query: { sql: string }) => {
      if (query.sql.startsWith('insert')) inserts.push(query.sql)
    }
    knex.on('query', listener)
    const results = await db.transaction((trx) =>
      notify(
        'contract_created',
        [owner, admin, quiet].map((user) => ({ userId: user.id, companyId: company.id })),
        {
          title: 'Contrato criado',
          message: 'O contrato Contrato Alfa foi criado.',
          scope: 'contract',
          activity: contractActivity(contract),
          actor: owner,
        },
        { trx, channels: ['platform', 'email'] }
      )
    )
    knex.off('query', listener)

    assert.lengthOf(results, 3)
    const rows = await Notification.query().orderBy('user_id')
    assert.lengthOf(rows, 3)
    assert.deepEqual(rows[0].activity, {
      entityType: 'contract',
      entityId: contract.id,
      entityName: 'Contrato Alfa',
      actionLabel: 'Ver contrato',
      actionRoute: `/contracts/${contract.id}`,
    })
    assert.isTrue(rows.every((row) => row.actorName === owner.name && row.actorId === owner.id))
    const mails = await Delivery.query().where('channel', 'email')
    assert.sameMembers(
      mails.map((delivery) => (delivery.payload as MailPayload).to),
      [owner.email, admin.email]
    )
    assert.include((mails[0].payload as MailPayload).html, `/contracts/${contract.id}`)
    assert.lengthOf(inserts, 2, 'one insert for the rows, one for the deliveries')
  })

  test('a large audience is inserted 1000 rows per statement', async ({ assert }) => {
    const { company } = await companyWithOwner()
    const { rows } = await db.rawQuery(
      `INSERT INTO users (name, email, created_at, updated_at)
       SELECT 'Member ' || n, 'member-' || n || '-' || gen_random_uuid() || '@bulk.test', now(), now()
       FROM generate_series(1, 1500) AS n RETURNING id`
    )
    const recipients = rows.map((row: { id: string }) => ({
      userId: row.id,
      companyId: company.id,
    }))

    await db.transaction((trx) =>
      notify(
        'system_alert',
        recipients,
        { title: 'Manutenção', message: 'Hoje às 22h', scope: 'company' },
        { trx, channels: ['platform'] }
      )
    )
    assert.lengthOf(await Notification.query().where('company_id', company.id), 1500)
  })

  test('a user profile change refreshes actor name and avatar', async ({ assert }) => {
    const { company, owner } = await companyWithOwner()
    const user = await memberOf(company, 'user')
    await db.transaction(async (trx) => {
      const recipients = [{ userId: user.id, companyId: company.id }]
      const data = { title: 'T', message: 'M', scope: 'company' as const, actor: owner }
      await notify('reminder', recipients, data, { trx, channels: ['platform'] })
      await notify(
        'custom',
        recipients,
        { ...data, actor: { id: owner.id, name: 'Olivia (Diretora)' } },
        { trx, channels: ['platform'] }
      )
    })

    await db.transaction(async (trx) => {
      owner.useTransaction(trx)
      owner.merge({ name: 'Olivia Nova', avatar: 'https://cdn.test/olivia.png' })
      await owner.save()
      await emitter.emit('user:profile_updated', { user: owner, trx })
    })

    const reminder = await Notification.findByOrFail('type', 'reminder')
    const custom = await Notification.findByOrFail('type', 'custom')
    assert.equal(reminder.actorName, 'Olivia Nova')
    assert.equal(reminder.actorAvatar, 'https://cdn.test/olivia.png')
    assert.equal(custom.actorName, 'Olivia (Diretora)')
    assert.equal(custom.actorAvatar, 'https://cdn.test/olivia.png')
  })

  test('a login from a new device raises a mandatory login_alert', async ({ client, assert }) => {
    const { company } = await companyWithOwner()
    const user = await UserFactory.create()
    const { default: CompanyMember } = await import('#models/company_member')
    await CompanyMember.create({ companyId: company.id, userId: user.id, role: 'user' })
    await NotificationPreference.create({
      userId: user.id,
      companyId: company.id,
      channels: { platform: false, email: false },
    })
    const login = (agent: string) =>
      client
        .post('/api/v1/auth/login')
        .header('user-agent', agent)
        .json({ email: user.email, password: FACTORY_PASSWORD })

    ;(await login(CHROME_WINDOWS)).assertStatus(200)
    assert.lengthOf(await Notification.all(), 0, 'the first login is not a new device')
    ;(await login(CHROME_WINDOWS)).assertStatus(200)
    assert.lengthOf(await Notification.all(), 0, 'same browser and OS')
    ;(await login(FIREFOX_LINUX)).assertStatus(200)

    const [alert] = await Notification.all()
    assert.include(alert.$attributes, { type: 'login_alert', scope: 'personal', userId: user.id })
    const session = await AuthSession.query()
      .where('user_id', user.id)
      .orderBy('created_at', 'desc')
      .firstOrFail()
    assert.deepInclude(alert.activity!.metadata, {
      browser: 'Firefox',
      os: 'Linux',
      ip: session.ip,
    })
    const mail = await Delivery.findByOrFail('channel', 'email')
    assert.equal((mail.payload as MailPayload).to, user.email)
  })
})
