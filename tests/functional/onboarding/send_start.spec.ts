import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import emitter from '@adonisjs/core/services/emitter'
import Contract from '#models/contract'
import ContractHistory from '#models/contract_history'
import ContractPart from '#models/contract_part'
import CompanyMember from '#models/company_member'
import Onboarding from '#models/onboarding'
import UpsertOnboardingContent from '#actions/onboarding/upsert_onboarding_content'
import onboardingTokens from '#services/onboarding/token_service'
import { companyWithOwner, memberOf } from '#tests/support/tenancy'
import { DEMO_CONTENT, onboardingScenario, providerContract } from '#tests/support/onboarding'

const sendUrl = (contractId: string, providerId: string) =>
  `/api/v1/contracts/${contractId}/providers/${providerId}/onboarding/send`
const startUrl = (contractId: string) => `/api/v1/contracts/${contractId}/onboarding/start`

const history = (contractId: string, type: string) =>
  ContractHistory.query().where('contract_id', contractId).where('type', type)

/** Adds a second provider (legal entity) with onboarding content to a contract */
async function addProvider(contractId: string, options: { withContent?: boolean } = {}) {
  const { company, owner } = await companyWithOwner()
  await ContractPart.create({ contractId, companyId: company.id, role: 'PROVIDER' })
  if (options.withContent ?? true) {
    await new UpsertOnboardingContent().handle({
      ...DEMO_CONTENT,
      contractId,
      providerId: company.id,
    })
  }
  return { company, owner }
}

test.group('Onboarding / H16 send to a provider', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => limiter.clear(['memory']))
  group.each.teardown(() => emitter.restore())

  test('e-mails the owner the link and records PROVIDER_ONBOARDING_SENT; repeats reuse the token', async ({
    client,
    assert,
  }) => {
    const s = await onboardingScenario()
    const events = emitter.fake(['onboarding:sent'])
    for (let call = 0; call < 2; call++) {
      const response = await client
        .post(sendUrl(s.contractId, s.providerId))
        .header('x-company-id', s.borrower.id)
        .loginAs(s.borrowerOwner)
      response.assertStatus(200)
      response.assertBody({ data: { success: true } })
    }

    const sent = events.all().filter((event) => event.event === 'onboarding:sent')
    assert.lengthOf(sent, 2)
    const data = sent[0].data as any
    assert.deepEqual(data.recipient, {
      userId: s.providerOwner.id,
      email: s.providerOwner.email,
      name: s.providerOwner.name,
      locale: null,
    })
    assert.equal(data.url, onboardingTokens.url(s.token))
    assert.equal((sent[1].data as any).url, data.url)
    assert.deepEqual(data.contract, {
      id: s.contractId,
      name: (await Contract.findOrFail(s.contractId)).name,
    })
    assert.isTrue(data.hasForm)
    assert.isTrue(data.hasDocuments)
    assert.lengthOf(data.pendingDocuments, 2)
    assert.exists(data.trx)
    assert.lengthOf(await history(s.contractId, 'PROVIDER_ONBOARDING_SENT'), 2)
    assert.lengthOf(await Onboarding.query().where('contract_id', s.contractId), 1)
  })

  test('a natural-person provider receives it at their own e-mail', async ({ client, assert }) => {
    const s = await onboardingScenario({ naturalPerson: true })
    const events = emitter.fake(['onboarding:sent'])
    const response = await client
      .post(sendUrl(s.contractId, s.providerId))
      .header('x-company-id', s.borrower.id)
      .loginAs(s.borrowerOwner)
    response.assertStatus(200)
    assert.equal(events.find('onboarding:sent')!.data.recipient.userId, s.providerOwner.id)
  })

  test('an expired onboarding gets a new link', async ({ client, assert }) => {
    const s = await onboardingScenario()
    await Onboarding.query()
      .where('id', s.onboarding.id)
      .update({
        status: 'expired',
        expires_at: DateTime.now().minus({ days: 1 }).toJSDate(),
        token_issued_at: DateTime.now().minus({ days: 15 }).toJSDate(),
      })
    const expiredUrl = onboardingTokens.url(
      await onboardingTokens.sign(await Onboarding.findOrFail(s.onboarding.id))
    )
    const events = emitter.fake(['onboarding:sent'])
    const response = await client
      .post(sendUrl(s.contractId, s.providerId))
      .header('x-company-id', s.borrower.id)
      .loginAs(s.borrowerOwner)
    response.assertStatus(200)
    const url = events.find('onboarding:sent')!.data.url
    assert.notEqual(url, expiredUrl)
    const renewed = await Onboarding.findOrFail(s.onboarding.id)
    assert.equal(renewed.status, 'pending')
    assert.isAbove(renewed.expiresAt.diffNow('days').days, 13)
    const token = url.split('/').pop()!
    ;(await client.get(`/api/v1/onboarding/${token}`).bearerToken(token)).assertStatus(200)
  })

  test('404 for an unknown contract, another company contract or a non-provider', async ({
    client,
  }) => {
    const s = await onboardingScenario()
    const other = await onboardingScenario()
    const asBorrower = (url: string) =>
      client.post(url).header('x-company-id', s.borrower.id).loginAs(s.borrowerOwner)

    const unknown = await asBorrower(sendUrl('00000000-0000-4000-8000-000000000000', s.providerId))
    unknown.assertStatus(404)
    unknown.assertBodyContains({ message: 'Contrato não encontrado' })
    ;(await asBorrower(sendUrl(other.contractId, other.providerId))).assertStatus(404)
    const notProvider = await asBorrower(sendUrl(s.contractId, other.providerId))
    notProvider.assertStatus(404)
    notProvider.assertBodyContains({ message: 'Prestador não encontrado' })
  })

  test('400 when the provider has neither form nor documents', async ({ client, assert }) => {
    const setup = await providerContract()
    const response = await client
      .post(sendUrl(setup.contract.id, setup.providerId))
      .header('x-company-id', setup.borrower.id)
      .loginAs(setup.borrowerOwner)
    response.assertStatus(400)
    response.assertBodyContains({
      message: 'O contrato não possui formulário nem documentos para o prestador',
    })
    assert.lengthOf(await history(setup.contract.id, 'PROVIDER_ONBOARDING_SENT'), 0)
  })

  test('400 when the provider company has no owner with an e-mail', async ({ client, assert }) => {
    const s = await onboardingScenario()
    await CompanyMember.query().where('company_id', s.providerCompany!.id).update({ role: 'admin' })
    const response = await client
      .post(sendUrl(s.contractId, s.providerId))
      .header('x-company-id', s.borrower.id)
      .loginAs(s.borrowerOwner)
    response.assertStatus(400)
    response.assertBodyContains({ message: 'O prestador não possui responsável com e-mail' })
    assert.lengthOf(await history(s.contractId, 'PROVIDER_ONBOARDING_SENT'), 0)
  })

  test('the provider role gets 403, no token 401', async ({ client }) => {
    const s = await onboardingScenario()
    const provider = await memberOf(s.borrower, 'provider')
    const forbidden = await client
      .post(sendUrl(s.contractId, s.providerId))
      .header('x-company-id', s.borrower.id)
      .loginAs(provider)
    forbidden.assertStatus(403)
    ;(await client.post(sendUrl(s.contractId, s.providerId))).assertStatus(401)
  })
})

test.group('Onboarding / H17 start for every provider', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => limiter.clear(['memory']))
  group.each.teardown(() => emitter.restore())

  test('sends to every provider, moves the contract to provider_filling', async ({
    client,
    assert,
  }) => {
    const s = await onboardingScenario()
    const second = await addProvider(s.contractId)
    const events = emitter.fake(['onboarding:sent'])

    const response = await client
      .post(startUrl(s.contractId))
      .header('x-company-id', s.borrower.id)
      .loginAs(s.borrowerOwner)
    response.assertStatus(200)
    response.assertBody({ data: { success: true, providerCount: 2 } })

    assert.equal((await Contract.findOrFail(s.contractId)).status, 'provider_filling')
    const recipients = events
      .all()
      .filter((event) => event.event === 'onboarding:sent')
      .map((event) => (event.data as any).recipient.userId)
    assert.sameMembers(recipients, [s.providerOwner.id, second.owner.id])
    assert.lengthOf(await history(s.contractId, 'PROVIDER_ONBOARDING_SENT'), 2)
    const [started] = await history(s.contractId, 'PROVIDER_ONBOARDING_STARTED')
    assert.deepEqual(started.payload, { providerCount: 2 })
    assert.equal(started.actorId, s.borrowerOwner.id)
  })

  test('400 when the contract is not in status provider', async ({ client, assert }) => {
    const s = await onboardingScenario()
    await Contract.query().where('id', s.contractId).update({ status: 'draft' })
    const response = await client
      .post(startUrl(s.contractId))
      .header('x-company-id', s.borrower.id)
      .loginAs(s.borrowerOwner)
    response.assertStatus(400)
    response.assertBodyContains({ message: 'O contrato não está na etapa do prestador' })
    assert.equal((await Contract.findOrFail(s.contractId)).status, 'draft')
  })

  test('400 when the contract has no providers', async ({ client }) => {
    const s = await onboardingScenario()
    await ContractPart.query().where('contract_id', s.contractId).where('role', 'PROVIDER').delete()
    const response = await client
      .post(startUrl(s.contractId))
      .header('x-company-id', s.borrower.id)
      .loginAs(s.borrowerOwner)
    response.assertStatus(400)
    response.assertBodyContains({ message: 'O contrato não possui prestadores' })
  })

  test('all or nothing: one provider without content or owner e-mail sends nothing', async ({
    client,
    assert,
  }) => {
    const s = await onboardingScenario()
    const events = emitter.fake(['onboarding:sent'])
    const second = await addProvider(s.contractId, { withContent: false })
    const asBorrower = () =>
      client
        .post(startUrl(s.contractId))
        .header('x-company-id', s.borrower.id)
        .loginAs(s.borrowerOwner)

    const noContent = await asBorrower()
    noContent.assertStatus(400)
    noContent.assertBodyContains({
      message: 'O contrato não possui formulário nem documentos para o prestador',
    })

    await new UpsertOnboardingContent().handle({
      ...DEMO_CONTENT,
      contractId: s.contractId,
      providerId: second.company.id,
    })
    await CompanyMember.query().where('company_id', second.company.id).delete()
    const noOwner = await asBorrower()
    noOwner.assertStatus(400)
    noOwner.assertBodyContains({ message: 'O prestador não possui responsável com e-mail' })

    events.assertNotEmitted('onboarding:sent')
    assert.equal((await Contract.findOrFail(s.contractId)).status, 'provider')
    assert.lengthOf(await history(s.contractId, 'PROVIDER_ONBOARDING_SENT'), 0)
    assert.lengthOf(await history(s.contractId, 'PROVIDER_ONBOARDING_STARTED'), 0)
  })

  test('404 for another company contract; provider role 403; no token 401', async ({ client }) => {
    const s = await onboardingScenario()
    const other = await onboardingScenario()
    const foreign = await client
      .post(startUrl(other.contractId))
      .header('x-company-id', s.borrower.id)
      .loginAs(s.borrowerOwner)
    foreign.assertStatus(404)
    const provider = await memberOf(s.borrower, 'provider')
    const forbidden = await client
      .post(startUrl(s.contractId))
      .header('x-company-id', s.borrower.id)
      .loginAs(provider)
    forbidden.assertStatus(403)
    ;(await client.post(startUrl(s.contractId))).assertStatus(401)
  })
})

test.group('Onboarding / UpsertOnboardingContent seam', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('is idempotent and keeps what the provider did', async ({ assert }) => {
    const s = await onboardingScenario()
    const field = s.onboarding.formFields[0]
    await field.merge({ value: 'Preenchido' }).save()
    const upsert = new UpsertOnboardingContent()
    const content = { ...DEMO_CONTENT, contractId: s.contractId, providerId: s.providerId }
    await upsert.handle(content)
    await upsert.handle({
      ...content,
      formFields: [{ ...DEMO_CONTENT.formFields![0], label: 'Nome empresarial' }],
    })

    const onboarding = await Onboarding.query()
      .where('id', s.onboarding.id)
      .preload('documents')
      .preload('formFields')
      .firstOrFail()
    assert.lengthOf(onboarding.documents, 2)
    assert.lengthOf(onboarding.formFields, 3)
    const updated = onboarding.formFields.find((row) => row.id === field.id)!
    assert.equal(updated.label, 'Nome empresarial')
    assert.equal(updated.value, 'Preenchido')
  })
})
