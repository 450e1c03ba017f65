import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import drive from '@adonisjs/drive/services/main'
import Contract from '#models/contract'
import type { ContractStatus } from '#enums/contract_status'
import {
  fileBytes,
  onboardingScenario,
  onboardingUrl,
  tmpFile,
  type OnboardingScenario,
} from '#tests/support/onboarding'

const linkUrl = (s: OnboardingScenario) =>
  `/api/v1/contracts/${s.contractId}/providers/${s.providerId}/onboarding-link`
const sendUrl = (s: OnboardingScenario) =>
  `/api/v1/contracts/${s.contractId}/providers/${s.providerId}/onboarding/send`

/** The borrower's request, in its company */
const asBorrower = (client: any, s: OnboardingScenario, method: 'post' | 'patch', url: string) =>
  client[method](url).header('x-company-id', s.borrower.id).loginAs(s.borrowerOwner)

/** Uploads the PDF document through the link; returns the signed file URL it got back */
async function uploadPdf(client: any, s: OnboardingScenario): Promise<string> {
  const response = await client
    .post(onboardingUrl(s.token, `/documents/${s.onboarding.documents[0].id}/upload`))
    .bearerToken(s.token)
    .file('file', await tmpFile('contrato.pdf', fileBytes.pdf()))
  response.assertStatus(200)
  return response.body().data.fileUrl
}

/** Every public route of the link (A1-A5), as the provider sends them */
function publicRequests(client: any, s: OnboardingScenario) {
  const documentId = s.onboarding.documents[0].id
  return [
    client.get(onboardingUrl(s.token)),
    client
      .post(onboardingUrl(s.token, `/documents/${documentId}/upload`))
      .file('file', fileBytes.pdf(), { filename: 'contrato.pdf' }),
    client.delete(onboardingUrl(s.token, `/documents/${documentId}/file`)),
    client.put(onboardingUrl(s.token, '/form')).json({ fields: [] }),
    client.post(onboardingUrl(s.token, '/submit')),
  ].map((request) => request.bearerToken(s.token))
}

test.group('Security / onboarding links die with their contract', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => limiter.clear(['memory']))

  test('after PATCH /contracts/:id/cancel the link answers 410 and its file URL no longer downloads', async ({
    client,
    assert,
    cleanup,
  }) => {
    const s = await onboardingScenario()
    cleanup(() => drive.use().deleteAll(`onboardings/${s.onboarding.id}`))
    const fileUrl = await uploadPdf(client, s)
    assert.equal((await fetch(fileUrl)).status, 200, 'the file downloads while the contract runs')

    const cancel = asBorrower(client, s, 'patch', `/api/v1/contracts/${s.contractId}/cancel`)
    ;(await cancel.json({ reason: 'Desistência' })).assertStatus(200)

    for (const request of publicRequests(client, s)) {
      const response = await request
      response.assertStatus(410)
      assert.isString(response.body().message)
    }
    const served = await fetch(fileUrl)
    assert.equal(served.status, 404)
    assert.isString(((await served.json()) as any).message)
  })

  test('archived and finished contracts close the link too (410)', async ({ client }) => {
    for (const status of ['archived', 'finished'] as ContractStatus[]) {
      const s = await onboardingScenario()
      await Contract.query().where('id', s.contractId).update({ status })
      const response = await client.get(onboardingUrl(s.token)).bearerToken(s.token)
      response.assertStatus(410)
    }
  })

  test('no new link and no H16 e-mail on a cancelled contract (422); H17 stays 400', async ({
    client,
    assert,
  }) => {
    const s = await onboardingScenario()
    await Contract.query().where('id', s.contractId).update({ status: 'cancelled' })

    const link = await asBorrower(client, s, 'post', linkUrl(s))
    link.assertStatus(422)
    assert.isString(link.body().message)
    const send = await asBorrower(client, s, 'post', sendUrl(s))
    send.assertStatus(422)
    assert.equal(send.body().message, link.body().message)
    const start = await asBorrower(
      client,
      s,
      'post',
      `/api/v1/contracts/${s.contractId}/onboarding/start`
    )
    start.assertStatus(400)
  })

  test('renewing the link revokes the earlier tokens: old -> 401, new -> 200', async ({
    client,
    assert,
  }) => {
    const s = await onboardingScenario()
    ;(await client.get(onboardingUrl(s.token)).bearerToken(s.token)).assertStatus(200)

    const first = await asBorrower(client, s, 'post', linkUrl(s))
    first.assertStatus(200)
    const second = await asBorrower(client, s, 'post', linkUrl(s))
    second.assertStatus(200)
    const latest = second.body().data.token
    assert.notEqual(
      latest,
      first.body().data.token,
      'a renewal is a new token, even within a second'
    )

    for (const old of [s.token, first.body().data.token]) {
      const response = await client.get(onboardingUrl(old)).bearerToken(old)
      response.assertStatus(401)
      response.assertBodyContains({ message: 'Token inválido ou expirado' })
    }
    ;(await client.get(onboardingUrl(latest)).bearerToken(latest)).assertStatus(200)
  })

  test('file URLs handed out through a renewed link stop downloading', async ({
    client,
    assert,
    cleanup,
  }) => {
    const s = await onboardingScenario()
    cleanup(() => drive.use().deleteAll(`onboardings/${s.onboarding.id}`))
    const fileUrl = await uploadPdf(client, s)
    ;(await asBorrower(client, s, 'post', linkUrl(s))).assertStatus(200)
    assert.equal((await fetch(fileUrl)).status, 404)
  })
})
