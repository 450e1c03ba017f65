import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import emitter from '@adonisjs/core/services/emitter'
import Contract from '#models/contract'
import { fileBytes, onboardingScenario, tmpFile } from '#tests/support/onboarding'

test.group('Onboarding / end to end', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => limiter.clear(['memory']))
  group.each.teardown(() => emitter.restore())

  test('H17 -> provider opens the link, uploads, fills, submits -> borrower validates', async ({
    client,
    assert,
  }) => {
    const s = await onboardingScenario()
    const events = emitter.fake(['onboarding:sent', 'onboarding:submitted'])
    const asBorrower = (method: 'get' | 'post' | 'patch', url: string) =>
      client[method](url).header('x-company-id', s.borrower.id).loginAs(s.borrowerOwner)

    const start = await asBorrower('post', `/api/v1/contracts/${s.contractId}/onboarding/start`)
    start.assertStatus(200)
    assert.equal((await Contract.findOrFail(s.contractId)).status, 'provider_filling')

    const link: string = events.find('onboarding:sent')!.data.url
    const token = link.split('/public/onboarding/')[1]
    const api = (suffix = '') => `/api/v1/onboarding/${token}${suffix}`

    const view = await client.get(api()).bearerToken(token)
    view.assertStatus(200)
    const { documents, formFields } = view.body().data

    const upload = await client
      .post(api(`/documents/${documents[0].id}/upload`))
      .bearerToken(token)
      .file('file', await tmpFile('contrato-social.pdf', fileBytes.pdf()))
    upload.assertStatus(200)

    const form = await client
      .put(api('/form'))
      .bearerToken(token)
      .json({
        fields: [
          { id: formFields[0].id, value: 'Beta Consultoria Ltda' },
          { id: formFields[1].id, value: '2026-03-01' },
          { id: formFields[2].id, value: 'small' },
        ],
      })
    form.assertStatus(200)

    const submit = await client.post(api('/submit')).bearerToken(token)
    submit.assertStatus(200)
    events.assertEmitted('onboarding:submitted')

    const list = await asBorrower('get', `/api/v1/contracts/${s.contractId}/onboardings`)
    list.assertStatus(200)
    const [onboarding] = list.body().data
    assert.equal(onboarding.status, 'submitted')
    assert.equal(onboarding.documents[0].status, 'uploaded')

    const review = await asBorrower(
      'patch',
      `/api/v1/onboardings/${onboarding.id}/documents/${documents[0].id}/review`
    ).json({ status: 'validated' })
    review.assertStatus(200)

    const after = await client.get(api()).bearerToken(token)
    after.assertStatus(200)
    assert.equal(after.body().data.documents[0].status, 'validated')
    assert.deepEqual(
      after.body().data.formFields.map((field: { value: string }) => field.value),
      ['Beta Consultoria Ltda', '2026-03-01', 'small']
    )
  })
})
