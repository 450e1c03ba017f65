import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import emitter from '@adonisjs/core/services/emitter'
import { appUrl } from '#config/app'
import Onboarding from '#models/onboarding'
import OnboardingDocument from '#models/onboarding_document'
import onboardingTokens from '#services/onboarding/token_service'
import { memberOf } from '#tests/support/tenancy'
import {
  fileBytes,
  onboardingScenario,
  onboardingUrl,
  providerContract,
  tmpFile,
  type OnboardingScenario,
} from '#tests/support/onboarding'

const linkUrl = (contractId: string, providerId: string) =>
  `/api/v1/contracts/${contractId}/providers/${providerId}/onboarding-link`
const reviewUrl = (s: OnboardingScenario, documentId = s.onboarding.documents[0].id) =>
  `/api/v1/onboardings/${s.onboarding.id}/documents/${documentId}/review`

async function uploadPdf(client: any, s: OnboardingScenario) {
  const response = await client
    .post(onboardingUrl(s.token, `/documents/${s.onboarding.documents[0].id}/upload`))
    .bearerToken(s.token)
    .file('file', await tmpFile('contrato.pdf', fileBytes.pdf()))
  response.assertStatus(200)
}

test.group('Onboarding / link creation (rule A5)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => limiter.clear(['memory']))

  test('creates the onboarding and returns the full URL, token and expiry', async ({
    client,
    assert,
  }) => {
    const setup = await providerContract()
    const response = await client
      .post(linkUrl(setup.contract.id, setup.providerId))
      .header('x-company-id', setup.borrower.id)
      .loginAs(setup.borrowerOwner)
      .json({ validityDays: 7, message: 'Bem-vindo!' })

    response.assertStatus(200)
    const { url, token, expiresAt } = response.body().data
    assert.equal(url, `${appUrl}/public/onboarding/${token}`)
    const days = DateTime.fromISO(expiresAt).diffNow('days').days
    assert.approximately(days, 7, 0.01)

    const payload = await onboardingTokens.verify(token)
    assert.deepEqual(payload, {
      contractId: setup.contract.id,
      providerId: setup.providerId,
      borrowerId: setup.borrower.id,
    })
    const view = await client.get(onboardingUrl(token)).bearerToken(token)
    view.assertStatus(200)
    assert.equal(view.body().data.message, 'Bem-vindo!')
  })

  test('reuses the onboarding of (contract, provider) and renews an expired one', async ({
    client,
    assert,
  }) => {
    const s = await onboardingScenario({ naturalPerson: true })
    await Onboarding.query().where('id', s.onboarding.id).update({ status: 'expired' })
    const response = await client
      .post(linkUrl(s.contractId, s.providerId))
      .header('x-company-id', s.borrower.id)
      .loginAs(s.borrowerOwner)
    response.assertStatus(200)
    const all = await Onboarding.query().where('contract_id', s.contractId)
    assert.lengthOf(all, 1)
    assert.equal(all[0].status, 'pending')
    assert.approximately(all[0].expiresAt.diffNow('days').days, 14, 0.01)
  })

  test('validityDays outside 7..30 is 422', async ({ client }) => {
    const setup = await providerContract()
    for (const validityDays of [6, 31, 'x']) {
      const response = await client
        .post(linkUrl(setup.contract.id, setup.providerId))
        .header('x-company-id', setup.borrower.id)
        .loginAs(setup.borrowerOwner)
        .json({ validityDays })
      response.assertStatus(422)
    }
  })

  test('a non-provider part, another company contract, provider role, no token', async ({
    client,
  }) => {
    const setup = await providerContract()
    const other = await providerContract()
    const asBorrower = (url: string) =>
      client.post(url).header('x-company-id', setup.borrower.id).loginAs(setup.borrowerOwner)

    const borrowerPart = await asBorrower(linkUrl(setup.contract.id, setup.borrower.id))
    borrowerPart.assertStatus(404)
    borrowerPart.assertBodyContains({ message: 'Prestador não encontrado' })
    const foreign = await asBorrower(linkUrl(other.contract.id, other.providerId))
    foreign.assertStatus(404)
    foreign.assertBodyContains({ message: 'Contrato não encontrado' })

    const provider = await memberOf(setup.borrower, 'provider')
    const forbidden = await client
      .post(linkUrl(setup.contract.id, setup.providerId))
      .header('x-company-id', setup.borrower.id)
      .loginAs(provider)
    forbidden.assertStatus(403)
    const anonymous = await client.post(linkUrl(setup.contract.id, setup.providerId))
    anonymous.assertStatus(401)
  })
})

test.group('Onboarding / borrower review', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => limiter.clear(['memory']))
  group.each.teardown(() => emitter.restore())

  test('lists the onboardings of a contract with documents and form', async ({
    client,
    assert,
  }) => {
    const s = await onboardingScenario()
    await uploadPdf(client, s)
    const response = await client
      .get(`/api/v1/contracts/${s.contractId}/onboardings`)
      .header('x-company-id', s.borrower.id)
      .loginAs(s.borrowerOwner)
    response.assertStatus(200)
    const [item] = response.body().data
    assert.equal(item.id, s.onboarding.id)
    assert.equal(item.providerId, s.providerId)
    assert.equal(item.status, 'pending')
    assert.equal(item.documents[0].status, 'uploaded')
    assert.isString(item.documents[0].fileUrl)
    assert.lengthOf(item.formFields, 3)
  })

  test('uploaded -> validated', async ({ client, assert }) => {
    const s = await onboardingScenario()
    await uploadPdf(client, s)
    const borrower = await memberOf(s.borrower, 'borrower')
    const response = await client
      .patch(reviewUrl(s))
      .header('x-company-id', s.borrower.id)
      .loginAs(borrower)
      .json({ status: 'validated' })
    response.assertStatus(200)
    response.assertBodyContains({ data: { status: 'validated', rejectionReason: null } })
    assert.equal(
      (await OnboardingDocument.findOrFail(s.onboarding.documents[0].id)).status,
      'validated'
    )
  })

  test('uploaded -> rejected with a reason: the provider is notified, a submission reopens', async ({
    client,
    assert,
  }) => {
    const s = await onboardingScenario()
    await uploadPdf(client, s)
    await Onboarding.query().where('id', s.onboarding.id).update({ status: 'submitted' })
    const events = emitter.fake(['onboarding:document_rejected'])

    const response = await client
      .patch(reviewUrl(s))
      .header('x-company-id', s.borrower.id)
      .loginAs(s.borrowerOwner)
      .json({ status: 'rejected', reason: 'Documento ilegível' })
    response.assertStatus(200)
    response.assertBodyContains({
      data: { status: 'rejected', rejectionReason: 'Documento ilegível' },
    })
    assert.equal((await Onboarding.findOrFail(s.onboarding.id)).status, 'pending')

    const event = events.find('onboarding:document_rejected')!
    assert.exists(event.data.trx)
    assert.deepEqual(event.data.recipient, {
      userId: s.providerOwner.id,
      companyId: s.providerCompany!.id,
      email: s.providerOwner.email,
      name: s.providerOwner.name,
      locale: null,
    })
    assert.equal(event.data.reason, 'Documento ilegível')
    assert.equal(event.data.url, onboardingTokens.url(s.token))
  })

  test('a natural-person provider is notified directly', async ({ client, assert }) => {
    const s = await onboardingScenario({ naturalPerson: true })
    await uploadPdf(client, s)
    const events = emitter.fake(['onboarding:document_rejected'])
    const response = await client
      .patch(reviewUrl(s))
      .header('x-company-id', s.borrower.id)
      .loginAs(s.borrowerOwner)
      .json({ status: 'rejected', reason: 'Vencido' })
    response.assertStatus(200)
    const event = events.find('onboarding:document_rejected')!
    assert.equal(event.data.recipient.userId, s.providerOwner.id)
    assert.equal(event.data.recipient.companyId, s.borrower.id)
  })

  test('rejecting without a reason is 422', async ({ client, assert }) => {
    const s = await onboardingScenario()
    await uploadPdf(client, s)
    const response = await client
      .patch(reviewUrl(s))
      .header('x-company-id', s.borrower.id)
      .loginAs(s.borrowerOwner)
      .json({ status: 'rejected' })
    response.assertStatus(422)
    assert.equal(
      (await OnboardingDocument.findOrFail(s.onboarding.documents[0].id)).status,
      'uploaded'
    )
  })

  test('only uploaded documents can be reviewed (409)', async ({ client }) => {
    const s = await onboardingScenario()
    for (const status of ['waiting', 'validated', 'rejected'] as const) {
      await OnboardingDocument.query().where('id', s.onboarding.documents[0].id).update({ status })
      const response = await client
        .patch(reviewUrl(s))
        .header('x-company-id', s.borrower.id)
        .loginAs(s.borrowerOwner)
        .json({ status: 'validated' })
      response.assertStatus(409)
    }
  })

  test('another company gets 404, the provider role 403, no token 401', async ({ client }) => {
    const s = await onboardingScenario()
    await uploadPdf(client, s)
    const other = await onboardingScenario()

    const foreignReview = await client
      .patch(reviewUrl(s))
      .header('x-company-id', other.borrower.id)
      .loginAs(other.borrowerOwner)
      .json({ status: 'validated' })
    foreignReview.assertStatus(404)
    const foreignList = await client
      .get(`/api/v1/contracts/${s.contractId}/onboardings`)
      .header('x-company-id', other.borrower.id)
      .loginAs(other.borrowerOwner)
    foreignList.assertStatus(404)

    const provider = await memberOf(s.borrower, 'provider')
    const forbidden = await client
      .patch(reviewUrl(s))
      .header('x-company-id', s.borrower.id)
      .loginAs(provider)
      .json({ status: 'validated' })
    forbidden.assertStatus(403)
    const forbiddenList = await client
      .get(`/api/v1/contracts/${s.contractId}/onboardings`)
      .header('x-company-id', s.borrower.id)
      .loginAs(provider)
    forbiddenList.assertStatus(403)

    const anonymous = await client.patch(reviewUrl(s)).json({ status: 'validated' })
    anonymous.assertStatus(401)
  })
})
