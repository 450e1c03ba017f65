import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import User from '#models/user'
import { UserFactory } from '#database/factories/user_factory'
import { companyWithOwner } from '#tests/support/tenancy'

/**
 * One language per answer (docs/decisions.md, "Errors and language"):
 * Portuguese without `Accept-Language` (the spec's strings verbatim),
 * English when it asks for `en`, `Content-Language` saying which. The
 * error `code` is the same in both.
 */
const MEMBERS = '/api/v1/company/members'
const ME = '/api/v1/users/me'

test.group('Language of the answers', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('an unknown route: Portuguese by default, English on request', async ({ client }) => {
    const portuguese = await client.get('/api/v1/no-such-route')
    portuguese.assertStatus(404)
    portuguese.assertBody({ message: 'Rota não encontrada', code: 'E_ROUTE_NOT_FOUND' })
    portuguese.assertHeader('content-language', 'pt-BR')

    const english = await client.get('/api/v1/no-such-route').header('Accept-Language', 'en-US')
    english.assertStatus(404)
    english.assertBody({ message: 'Route not found', code: 'E_ROUTE_NOT_FOUND' })
    english.assertHeader('content-language', 'en')
  })

  test('a domain 4xx: the spec message in pt-BR, its English twin, one code', async ({
    client,
  }) => {
    const { owner, company } = await companyWithOwner()
    const id = '8d0f6a3c-3f5e-4d8a-9c1b-2a6f0e4b7c9d'
    const read = () =>
      client
        .patch(`/api/v1/notifications/${id}/read`)
        .loginAs(owner)
        .header('x-company-id', company.id)

    const portuguese = await read()
    portuguese.assertStatus(404)
    portuguese.assertBody({ message: 'Notificação não encontrada', code: 'E_NOT_FOUND' })
    portuguese.assertHeader('content-language', 'pt-BR')

    const english = await read().header('Accept-Language', 'en;q=0.9, fr;q=0.8')
    english.assertStatus(404)
    english.assertBody({ message: 'Notification not found', code: 'E_NOT_FOUND' })
    english.assertHeader('content-language', 'en')

    /** A language the service does not speak gets the default */
    const french = await client.get(MEMBERS).loginAs(owner).header('Accept-Language', 'fr')
    french.assertStatus(403)
    french.assertBody({ message: 'O cabeçalho x-company-id é obrigatório', code: 'E_FORBIDDEN' })
  })

  test('a 422: every field error translated, field names too', async ({ client, assert }) => {
    const user = await UserFactory.create()
    const portuguese = await client.put(ME).loginAs(user).json({ name: 'a', locale: 'fr' })
    portuguese.assertStatus(422)
    portuguese.assertHeader('content-language', 'pt-BR')
    assert.deepEqual(portuguese.body().errors, [
      {
        field: 'name',
        rule: 'minLength',
        message: 'O campo nome deve ter pelo menos 2 caracteres',
      },
      { field: 'locale', rule: 'enum', message: 'O valor selecionado em idioma é inválido' },
    ])
    assert.equal(portuguese.body().message, 'O campo nome deve ter pelo menos 2 caracteres')

    const english = await client
      .put(ME)
      .loginAs(user)
      .header('Accept-Language', 'en')
      .json({ name: 'a', locale: 'fr' })
    english.assertStatus(422)
    assert.deepEqual(english.body().errors, [
      {
        field: 'name',
        rule: 'minLength',
        message: 'The name field must have at least 2 characters',
      },
      { field: 'locale', rule: 'enum', message: 'The selected locale is invalid' },
    ])
  })

  test('PUT /users/me saves the locale of e-mails and notifications', async ({
    client,
    assert,
  }) => {
    const user = await UserFactory.create()
    const saved = await client.put(ME).loginAs(user).json({ name: user.name, locale: 'en' })
    saved.assertStatus(200)
    assert.equal(saved.body().data.locale, 'en')
    assert.equal((await User.findOrFail(user.id)).locale, 'en')

    const cleared = await client.put(ME).loginAs(user).json({ name: user.name, locale: null })
    cleared.assertStatus(200)
    assert.isNull(cleared.body().data.locale)
  })

  test('the webhook URL guard refuses in the reader language', async ({ client, assert }) => {
    const { owner, company } = await companyWithOwner()
    const create = () =>
      client
        .post('/api/v1/webhooks')
        .json({ url: 'not a url', events: ['*'] })
        .loginAs(owner)
        .header('x-company-id', company.id)
    const portuguese = await create()
    portuguese.assertStatus(422)
    assert.equal(portuguese.body().message, 'A url deve ser uma URL http(s) absoluta')
    const english = await create().header('Accept-Language', 'en')
    english.assertStatus(422)
    assert.equal(english.body().message, 'url must be an absolute http(s) URL')
  })
})
