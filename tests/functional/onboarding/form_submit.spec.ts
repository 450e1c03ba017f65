import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import emitter from '@adonisjs/core/services/emitter'
import Onboarding from '#models/onboarding'
import OnboardingDocument from '#models/onboarding_document'
import OnboardingFormField from '#models/onboarding_form_field'
import ContractHistory from '#models/contract_history'
import {
  fileBytes,
  fillEverything,
  onboardingScenario,
  onboardingUrl,
  tmpFile,
  type OnboardingScenario,
} from '#tests/support/onboarding'

const [TEXT, DATE, SELECT] = [0, 1, 2]
const fieldId = (s: OnboardingScenario, index: number) => s.onboarding.formFields[index].id
const values = async (s: OnboardingScenario) =>
  (
    await OnboardingFormField.query().where('onboarding_id', s.onboarding.id).orderBy('position')
  ).map((field) => field.value)

test.group('Onboarding / form (A4)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => limiter.clear(['memory']))

  test('saves a partial form; required fields wait for the submission', async ({
    client,
    assert,
  }) => {
    const s = await onboardingScenario()
    const response = await client
      .put(onboardingUrl(s.token, '/form'))
      .bearerToken(s.token)
      .json({ fields: [{ id: fieldId(s, SELECT), value: 'large' }] })
    response.assertStatus(200)
    response.assertBody({ data: { message: 'Formulário salvo com sucesso' } })
    assert.deepEqual(await values(s), [null, null, 'large'])

    const cleared = await client
      .put(onboardingUrl(s.token, '/form'))
      .bearerToken(s.token)
      .json({ fields: [{ id: fieldId(s, SELECT), value: null }] })
    cleared.assertStatus(200)
    assert.deepEqual(await values(s), [null, null, null])
  })

  test('an unknown field id is 422 and nothing is saved', async ({ client, assert }) => {
    const s = await onboardingScenario()
    const other = await onboardingScenario()
    const response = await client
      .put(onboardingUrl(s.token, '/form'))
      .bearerToken(s.token)
      .json({
        fields: [
          { id: fieldId(s, TEXT), value: 'ok' },
          { id: fieldId(other, TEXT), value: 'not mine' },
        ],
      })
    response.assertStatus(422)
    response.assertBodyContains({ errors: [{ field: 'fields.1.id', rule: 'exists' }] })
    assert.deepEqual(await values(s), [null, null, null])
    assert.deepEqual(await values(other), [null, null, null])
  })

  test('a value of the wrong type is 422 and nothing is saved (all or nothing)', async ({
    client,
    assert,
  }) => {
    const s = await onboardingScenario()
    const response = await client
      .put(onboardingUrl(s.token, '/form'))
      .bearerToken(s.token)
      .json({
        fields: [
          { id: fieldId(s, TEXT), value: 'valid text' },
          { id: fieldId(s, DATE), value: '15/01/2026' },
        ],
      })
    response.assertStatus(422)
    response.assertBodyContains({ errors: [{ field: 'fields.1.value', rule: 'date' }] })
    assert.deepEqual(await values(s), [null, null, null])

    const impossible = await client
      .put(onboardingUrl(s.token, '/form'))
      .bearerToken(s.token)
      .json({ fields: [{ id: fieldId(s, DATE), value: '2026-02-30' }] })
    impossible.assertStatus(422)
  })

  test('an option not in the list is 422', async ({ client, assert }) => {
    const s = await onboardingScenario()
    const response = await client
      .put(onboardingUrl(s.token, '/form'))
      .bearerToken(s.token)
      .json({ fields: [{ id: fieldId(s, SELECT), value: 'medium' }] })
    response.assertStatus(422)
    response.assertBodyContains({ errors: [{ field: 'fields.0.value', rule: 'select' }] })
    assert.deepEqual(await values(s), [null, null, null])
  })

  test('an empty fields list is a partial save of nothing: 200, no change', async ({
    client,
    assert,
  }) => {
    const s = await onboardingScenario()
    await OnboardingFormField.query().where('id', fieldId(s, SELECT)).update({ value: 'large' })
    const response = await client
      .put(onboardingUrl(s.token, '/form'))
      .bearerToken(s.token)
      .json({ fields: [] })
    response.assertStatus(200)
    response.assertBody({ data: { message: 'Formulário salvo com sucesso' } })
    assert.deepEqual(await values(s), [null, null, 'large'])
  })

  test('a malformed body is 422 (no fields, non-uuid id, non-string value)', async ({ client }) => {
    const s = await onboardingScenario()
    for (const body of [
      {},
      { fields: [{ id: 'abc', value: 'x' }] },
      { fields: [{ id: fieldId(s, TEXT), value: 12 }] },
    ]) {
      const response = await client
        .put(onboardingUrl(s.token, '/form'))
        .bearerToken(s.token)
        .json(body)
      response.assertStatus(422)
    }
  })
})

test.group('Onboarding / submit (A5)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => limiter.clear(['memory']))
  group.each.teardown(() => emitter.restore())

  test('pending required documents and fields are 422 with their ids', async ({
    client,
    assert,
  }) => {
    const s = await onboardingScenario()
    const response = await client.post(onboardingUrl(s.token, '/submit')).bearerToken(s.token)
    response.assertStatus(422)
    assert.equal(response.body().message, 'Documentos obrigatórios pendentes')
    assert.deepEqual(response.body().details, {
      missingDocuments: [s.onboarding.documents[0].id],
      missingFields: [fieldId(s, TEXT), fieldId(s, DATE)],
    })
    assert.equal((await Onboarding.findOrFail(s.onboarding.id)).status, 'pending')
  })

  test('submits when everything required is sent; the borrower is notified', async ({
    client,
    assert,
  }) => {
    const s = await onboardingScenario()
    await fillEverything(client, s)
    const events = emitter.fake(['onboarding:submitted'])

    const response = await client.post(onboardingUrl(s.token, '/submit')).bearerToken(s.token)
    response.assertStatus(200)
    response.assertBody({ data: { message: 'Onboarding enviado para análise' } })

    const onboarding = await Onboarding.findOrFail(s.onboarding.id)
    assert.equal(onboarding.status, 'submitted')
    assert.isNotNull(onboarding.submittedAt)
    const history = await ContractHistory.query()
      .where('contract_id', s.contractId)
      .where('type', 'PROVIDER_ONBOARDING_SUBMITTED')
    assert.lengthOf(history, 1)

    const event = events.find('onboarding:submitted')!
    assert.exists(event)
    assert.exists(event.data.trx)
    assert.deepEqual(event.data.contract.id, s.contractId)
    assert.equal(event.data.provider.name, s.providerCompany!.name)
    assert.lengthOf(event.data.recipients, 2)
    assert.deepInclude(event.data.recipients, {
      userId: s.borrowerOwner.id,
      companyId: s.borrower.id,
      email: s.borrowerOwner.email,
      name: s.borrowerOwner.name,
      locale: null,
    })
  })

  test('a validated required document counts as sent', async ({ client }) => {
    const s = await onboardingScenario()
    await fillEverything(client, s)
    await OnboardingDocument.query()
      .where('id', s.onboarding.documents[0].id)
      .update({ status: 'validated' })
    const response = await client.post(onboardingUrl(s.token, '/submit')).bearerToken(s.token)
    response.assertStatus(200)
  })

  test('a submitted onboarding is read-only for the provider (409)', async ({ client, assert }) => {
    const s = await onboardingScenario()
    await fillEverything(client, s)
    ;(await client.post(onboardingUrl(s.token, '/submit')).bearerToken(s.token)).assertStatus(200)

    const view = await client.get(onboardingUrl(s.token)).bearerToken(s.token)
    view.assertStatus(200)
    const again = await client.post(onboardingUrl(s.token, '/submit')).bearerToken(s.token)
    again.assertStatus(409)
    again.assertBodyContains({ message: 'Onboarding já enviado para análise' })
    const form = await client
      .put(onboardingUrl(s.token, '/form'))
      .bearerToken(s.token)
      .json({ fields: [{ id: fieldId(s, SELECT), value: 'small' }] })
    form.assertStatus(409)
    const upload = await client
      .post(onboardingUrl(s.token, `/documents/${s.onboarding.documents[1].id}/upload`))
      .bearerToken(s.token)
      .file('file', await tmpFile('logo.png', fileBytes.png()))
    upload.assertStatus(409)
    assert.deepEqual(await values(s), ['Beta Consultoria', '2026-01-15', null])
  })
})
