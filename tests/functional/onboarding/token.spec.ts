import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import { SignJWT } from 'jose'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import jwtService from '#services/auth/jwt_service'
import jwtConfig from '#config/jwt'
import Onboarding from '#models/onboarding'
import { onboardingScenario, onboardingUrl } from '#tests/support/onboarding'

const INVALID = { message: 'Token inválido ou expirado' }

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')

function claims(scenario: { contractId: string; providerId: string; borrower: { id: string } }) {
  return {
    contractId: scenario.contractId,
    providerId: scenario.providerId,
    borrowerId: scenario.borrower.id,
    type: 'onboarding',
  }
}

test.group('Onboarding / token', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => limiter.clear(['memory']))

  test('A1 returns the onboarding view with the same token in path and header', async ({
    client,
    assert,
  }) => {
    const scenario = await onboardingScenario()
    const response = await client.get(onboardingUrl(scenario.token)).bearerToken(scenario.token)

    response.assertStatus(200)
    const view = response.body().data
    assert.equal(view.contractId, scenario.contractId)
    assert.equal(view.borrower.id, scenario.borrower.id)
    assert.equal(view.borrower.role, 'borrower')
    assert.equal(view.provider.id, scenario.providerId)
    assert.match(view.provider.cnpj, /^\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}$/)
    assert.lengthOf(view.documents, 2)
    assert.lengthOf(view.formFields, 3)
    assert.deepEqual(view.downloadDocuments, [])
    assert.equal(view.documents[0].status, 'waiting')
    assert.isNull(view.documents[0].fileUrl)
  })

  test('A1 for a natural-person provider shows the person as provider', async ({
    client,
    assert,
  }) => {
    const scenario = await onboardingScenario({ naturalPerson: true })
    const response = await client.get(onboardingUrl(scenario.token)).bearerToken(scenario.token)
    response.assertStatus(200)
    assert.equal(response.body().data.provider.id, scenario.providerOwner.id)
    assert.equal(response.body().data.provider.name, scenario.providerOwner.name)
  })

  test('a missing bearer header is 401', async ({ client }) => {
    const { token } = await onboardingScenario()
    const response = await client.get(onboardingUrl(token))
    response.assertStatus(401)
    response.assertBodyContains(INVALID)
  }).tags(['bad-input'])

  test('a header token different from the path token is 401', async ({ client }) => {
    const { token } = await onboardingScenario()
    const other = await onboardingScenario()
    const response = await client.get(onboardingUrl(token)).bearerToken(other.token)
    response.assertStatus(401)
    response.assertBodyContains(INVALID)
  })

  test('a token signed with another key is 401', async ({ client }) => {
    const scenario = await onboardingScenario()
    const forged = await new SignJWT(claims(scenario))
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(jwtConfig.issuer)
      .setAudience('onboarding')
      .setIssuedAt()
      .setExpirationTime('1 day')
      .sign(new TextEncoder().encode('another-secret-another-secret-123'))
    const response = await client.get(onboardingUrl(forged)).bearerToken(forged)
    response.assertStatus(401)
    response.assertBodyContains(INVALID)
  })

  test('an unsigned token (alg none) is 401', async ({ client }) => {
    const scenario = await onboardingScenario()
    const now = Math.floor(Date.now() / 1000)
    const unsigned = `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url({
      ...claims(scenario),
      iss: jwtConfig.issuer,
      aud: 'onboarding',
      iat: now,
      exp: now + 3600,
    })}.`
    const response = await client.get(onboardingUrl(unsigned)).bearerToken(unsigned)
    response.assertStatus(401)
    response.assertBodyContains(INVALID)
  })

  test('an access token, or a token of another type, is 401', async ({ client }) => {
    const scenario = await onboardingScenario()
    const expiresAt = DateTime.now().plus({ days: 1 }).toJSDate()
    const access = await jwtService.sign(claims(scenario), 'access', expiresAt)
    const otherType = await jwtService.sign(
      { ...claims(scenario), type: 'access' },
      'onboarding',
      expiresAt
    )
    for (const token of [access, otherType]) {
      const response = await client.get(onboardingUrl(token)).bearerToken(token)
      response.assertStatus(401)
      response.assertBodyContains(INVALID)
    }
  })

  test('an expired token is 401', async ({ client }) => {
    const scenario = await onboardingScenario()
    const expired = await jwtService.sign(
      claims(scenario),
      'onboarding',
      DateTime.now().minus({ minutes: 1 }).toJSDate(),
      DateTime.now().minus({ days: 2 }).toJSDate()
    )
    const response = await client.get(onboardingUrl(expired)).bearerToken(expired)
    response.assertStatus(401)
    response.assertBodyContains(INVALID)
  })

  test('a random string is 401', async ({ client }) => {
    const response = await client.get(onboardingUrl('not-a-token')).bearerToken('not-a-token')
    response.assertStatus(401)
    response.assertBodyContains(INVALID)
  })

  test('an onboarding past its expiry, or swept to expired, is 401', async ({ client }) => {
    const scenario = await onboardingScenario()
    await Onboarding.query().where('id', scenario.onboarding.id).update({ status: 'expired' })
    const swept = await client.get(onboardingUrl(scenario.token)).bearerToken(scenario.token)
    swept.assertStatus(401)
    swept.assertBodyContains(INVALID)
  })

  test('a valid token whose onboarding no longer exists is 404', async ({ client }) => {
    const scenario = await onboardingScenario()
    await Onboarding.query().where('id', scenario.onboarding.id).delete()
    const response = await client.get(onboardingUrl(scenario.token)).bearerToken(scenario.token)
    response.assertStatus(404)
    response.assertBody({ message: 'Onboarding não encontrado', code: 'E_NOT_FOUND' })
  })

  test('a token only reaches its own onboarding: another document id is 404', async ({
    client,
  }) => {
    const scenario = await onboardingScenario()
    const other = await onboardingScenario()
    const foreignDocument = other.onboarding.documents[0].id
    const response = await client
      .delete(onboardingUrl(scenario.token, `/documents/${foreignDocument}/file`))
      .bearerToken(scenario.token)
    response.assertStatus(404)
    response.assertBodyContains({ message: 'Documento não encontrado' })
  })

  test('public routes allow 60 requests a minute per token and IP, then 429', async ({
    client,
    assert,
  }) => {
    const scenario = await onboardingScenario()
    for (let attempt = 0; attempt < 60; attempt++) {
      const response = await client.get(onboardingUrl(scenario.token)).bearerToken(scenario.token)
      response.assertStatus(200)
    }
    const limited = await client.get(onboardingUrl(scenario.token)).bearerToken(scenario.token)
    limited.assertStatus(429)
    assert.isString(limited.body().message)
    assert.isAbove(Number(limited.header('retry-after')), 0)

    const other = await onboardingScenario()
    const response = await client.get(onboardingUrl(other.token)).bearerToken(other.token)
    response.assertStatus(200)
  })
})
