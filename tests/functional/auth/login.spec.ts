import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import { UserFactory, FACTORY_PASSWORD } from '#database/factories/user_factory'
import AuthSession from '#models/auth_session'

test.group('Auth / login', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => limiter.clear(['memory']))

  test('returns a token pair and opens a session with the device', async ({ client, assert }) => {
    const user = await UserFactory.create()
    const response = await client
      .post('/api/v1/auth/login')
      .header(
        'user-agent',
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36'
      )
      .json({ email: user.email.toUpperCase(), password: FACTORY_PASSWORD })

    response.assertStatus(200)
    const data = response.body().data
    assert.equal(data.tokenType, 'Bearer')
    assert.equal(data.user.id, user.id)
    assert.isAbove(data.expiresIn, 0)
    assert.notProperty(data.user, 'password')

    const session = await AuthSession.query().where('user_id', user.id).firstOrFail()
    assert.equal(session.browser, 'Chrome')
    assert.equal(session.os, 'Windows')
    assert.isNotNull(session.ip)
  })

  test('a wrong password and an unknown e-mail get the same 401', async ({ client, assert }) => {
    const user = await UserFactory.create()
    const wrong = await client
      .post('/api/v1/auth/login')
      .json({ email: user.email, password: 'nope-nope' })
    const unknown = await client
      .post('/api/v1/auth/login')
      .json({ email: 'nobody@nowhere.test', password: FACTORY_PASSWORD })

    wrong.assertStatus(401)
    unknown.assertStatus(401)
    assert.deepEqual(wrong.body(), unknown.body())
    assert.lengthOf(await AuthSession.query().where('user_id', user.id), 0)
  })

  test('a user without a password cannot log in', async ({ client }) => {
    const user = await UserFactory.apply('withoutPassword').create()
    const response = await client
      .post('/api/v1/auth/login')
      .json({ email: user.email, password: 'anything1' })
    response.assertStatus(401)
  })

  test('missing and malformed fields get 422 with the field errors', async ({ client, assert }) => {
    const missing = await client.post('/api/v1/auth/login').json({})
    missing.assertStatus(422)
    assert.sameMembers(
      missing.body().errors.map((error: { field: string }) => error.field),
      ['email', 'password']
    )

    const malformed = await client
      .post('/api/v1/auth/login')
      .json({ email: 'not-an-email', password: 12 })
    malformed.assertStatus(422)
    assert.deepInclude(
      malformed.body().errors.map((e: any) => e.rule),
      'email'
    )
  })

  test('the sixth failed attempt within a minute is throttled with Retry-After', async ({
    client,
    assert,
  }) => {
    const user = await UserFactory.create()
    for (let attempt = 0; attempt < 5; attempt++) {
      const response = await client
        .post('/api/v1/auth/login')
        .json({ email: user.email, password: 'wrong-pass' })
      response.assertStatus(401)
    }
    const throttled = await client
      .post('/api/v1/auth/login')
      .json({ email: user.email, password: FACTORY_PASSWORD })
    throttled.assertStatus(429)
    assert.properties(throttled.body(), ['message'])
    assert.isAbove(Number(throttled.header('retry-after')), 0)

    const otherUser = await UserFactory.create()
    const unaffected = await client
      .post('/api/v1/auth/login')
      .json({ email: otherUser.email, password: FACTORY_PASSWORD })
    unaffected.assertStatus(200)
  })
})
