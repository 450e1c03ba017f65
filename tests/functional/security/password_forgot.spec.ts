import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import type { ApiResponse } from '@japa/api-client'
import { UserFactory } from '#database/factories/user_factory'
import PasswordReset from '#models/password_reset'
import { DeliveryWorker } from '#services/platform/delivery_worker'
import { smtpMailer, startSmtpServer } from '#tests/support/outbound'
import { waitUntil } from '#tests/support/processes'
import { statementsOf } from '#tests/support/statements'

const FORGOT = '/api/v1/auth/password/forgot'

/** What a caller can compare between two answers (ids and dates differ anyway) */
const visible = (response: ApiResponse) => ({
  status: response.status(),
  body: response.body(),
  headers: Object.keys(response.headers())
    .filter((name) => !['date', 'x-request-id', 'content-length'].includes(name))
    .sort(),
})

/** Statements with their values left out: the shape of the work */
const shapes = (sql: string[]) => sql.map((text) => text.replace(/\$\d+|'[^']*'/g, '?'))

test.group('Security / forgot password costs the same for every address', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => limiter.clear(['memory']))

  test('known and unknown addresses get the same answer from the same statements', async ({
    client,
    assert,
  }) => {
    const known = await UserFactory.merge({ email: 'known@example.test' }).create()
    let knownAnswer!: ApiResponse
    let unknownAnswer!: ApiResponse
    const knownSql = await statementsOf(async () => {
      knownAnswer = await client.post(FORGOT).json({ email: known.email })
    })
    const unknownSql = await statementsOf(async () => {
      unknownAnswer = await client.post(FORGOT).json({ email: 'unknown@example.test' })
    })

    assert.equal(knownAnswer.status(), 202)
    assert.deepEqual(visible(knownAnswer), visible(unknownAnswer))
    assert.deepEqual(shapes(knownSql), shapes(unknownSql), knownSql.join('\n'))
    /* the work that differs (the account, its link, the e-mail) is not on the request path */
    for (const text of knownSql) assert.notMatch(text, /password_resets|"users"|\busers\b/, text)
    assert.isNull(await PasswordReset.findBy('userId', known.id))
  })

  test('the e-mail for a known address still arrives, through the worker; an unknown one gets none', async ({
    client,
    assert,
    cleanup,
  }) => {
    const sink = await startSmtpServer()
    cleanup(() => sink.close())
    const known = await UserFactory.merge({ email: 'lara@example.test' }).create()

    ;(await client.post(FORGOT).json({ email: ' LARA@example.test ' })).assertStatus(202)
    ;(await client.post(FORGOT).json({ email: 'nobody@example.test' })).assertStatus(202)
    const worker = new DeliveryWorker({ mailer: smtpMailer(sink.port) })
    const summary = await worker.runOnce()

    await waitUntil(
      () => sink.received.length > 0,
      10_000,
      () => `no e-mail arrived; worker summary ${JSON.stringify(summary)}`
    )
    assert.lengthOf(sink.received, 1)
    assert.deepEqual(sink.received[0].to, ['lara@example.test'])
    assert.match(sink.received[0].html, /reset-password\?token=/)
    assert.isNotNull(await PasswordReset.findBy('userId', known.id))
    /* the job of the unknown address is done, with nothing sent */
    assert.equal(summary.skipped, 1)
  })
})
