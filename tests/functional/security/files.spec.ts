import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import drive from '@adonisjs/drive/services/main'
import env from '#start/env'
import UpsertOnboardingContent from '#actions/onboarding/upsert_onboarding_content'
import onboardingTokens from '#services/onboarding/token_service'
import OnboardingDocument from '#models/onboarding_document'
import { fileBytes, onboardingUrl, providerContract } from '#tests/support/onboarding'
import { randomUUID } from 'node:crypto'
import type { ApiClient } from '@japa/api-client'
import { attachedWorld, documentsStep, FILES, headers } from '#tests/support/compliance'
import { freezeClock, restoreClock } from '#tests/support/clock'

const XHTML = `<?xml version="1.0" encoding="UTF-8"?>
<html xmlns="http://www.w3.org/1999/xhtml"><body><script>alert(document.domain)</script></body></html>
`

/** An onboarding whose only document accepts `formats` (as a borrower may configure it) */
async function linkAccepting(formats: string[]) {
  const setup = await providerContract()
  const onboarding = await new UpsertOnboardingContent().handle({
    contractId: setup.contract.id,
    providerId: setup.providerId,
    documents: [
      { sourceId: randomUUID(), name: 'Anexo', acceptedFormats: formats, maxFileSize: 65536 },
    ],
  })
  const [document] = await OnboardingDocument.query().where('onboarding_id', onboarding.id)
  return { onboarding, document, token: await onboardingTokens.sign(onboarding) }
}

/** Uploads `bytes` as `name` through the public link (A2); returns the upload result */
async function upload(client: any, formats: string[], bytes: Buffer, name: string) {
  const link = await linkAccepting(formats)
  const response = await client
    .post(onboardingUrl(link.token, `/documents/${link.document.id}/upload`))
    .bearerToken(link.token)
    /** `filepath` keeps the name as sent (form-data would reduce `filename` to its basename) */
    .file('file', bytes, { filepath: name } as any)
  response.assertStatus(200)
  return { ...link, result: response.body().data }
}

const server = `http://${env.get('HOST')}:${env.get('PORT')}`

test.group('Security / file downloads', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => limiter.clear(['memory']))

  test('an XHTML upload in an xml document downloads as an attachment, octet-stream, nosniff', async ({
    client,
    assert,
    cleanup,
  }) => {
    const { onboarding, result } = await upload(client, ['xml'], Buffer.from(XHTML), 'nota.xml')
    cleanup(() => drive.use().deleteAll(`onboardings/${onboarding.id}`))

    const served = await fetch(result.fileUrl)
    assert.equal(served.status, 200)
    assert.equal(served.headers.get('content-type'), 'application/octet-stream')
    assert.match(
      served.headers.get('content-disposition') ?? '',
      /^attachment; filename="[^"/\\]+\.xml"/
    )
    assert.equal(served.headers.get('x-content-type-options'), 'nosniff')
    assert.equal(await served.text(), XHTML)
  })

  test('a PDF is served inline, as application/pdf, with nosniff', async ({
    client,
    assert,
    cleanup,
  }) => {
    const { onboarding, result } = await upload(client, ['pdf'], fileBytes.pdf(), 'contrato.pdf')
    cleanup(() => drive.use().deleteAll(`onboardings/${onboarding.id}`))

    const served = await fetch(result.fileUrl)
    assert.equal(served.status, 200)
    assert.equal(served.headers.get('content-type'), 'application/pdf')
    assert.match(served.headers.get('content-disposition') ?? '', /^inline; filename="[^"]+\.pdf"/)
    assert.equal(served.headers.get('x-content-type-options'), 'nosniff')
  })

  test('a malformed file path is 400/404 with {message}, never 500', async ({ assert }) => {
    const paths = [
      '/api/v1/files/..%2f..%2f.env',
      '/api/v1/files/..%2F..%2F..%2Fpackage.json',
      '/api/v1/files/contracts/%2e%2e%2f%2e%2e%2f.env',
      '/api/v1/files/%E0%A4%A',
      '/api/v1/files/..%5c..%5c.env',
    ]
    for (const path of paths) {
      const response = await fetch(`${server}${path}`)
      assert.oneOf(response.status, [400, 404], path)
      const body = (await response.json()) as { message?: unknown }
      assert.isString(body.message, path)
    }
    /** A NUL in a path parameter is refused by the input hygiene layer, naming it */
    const nul = await fetch(`${server}/api/v1/files/contracts/a%00b.pdf`)
    assert.equal(nul.status, 422)
    const body = (await nul.json()) as { message?: unknown; errors?: { rule: string }[] }
    assert.isString(body.message)
    assert.equal(body.errors?.[0]?.rule, 'safeText')
  })

  test('an upload named ../../../../etc/passwd.pdf is listed as passwd.pdf', async ({
    client,
    assert,
    cleanup,
  }) => {
    const { onboarding, token, result } = await upload(
      client,
      ['pdf'],
      fileBytes.pdf(),
      '../../../../etc/passwd.pdf'
    )
    cleanup(() => drive.use().deleteAll(`onboardings/${onboarding.id}`))
    assert.equal(result.fileName, 'passwd.pdf')

    const view = await client.get(onboardingUrl(token)).bearerToken(token)
    view.assertStatus(200)
    assert.equal(view.body().data.documents[0].fileName, 'passwd.pdf')
  })

  test('a compliance upload (C4) named ../../../../etc/passwd.pdf is stored as passwd.pdf', async ({
    client,
    assert,
  }) => {
    drive.fake()
    freezeClock('2026-03-10T12:00:00-03:00')
    try {
      const world = await attachedWorld(client as ApiClient, [documentsStep()])
      const compliance = world.companyCompliance
      const [step] = compliance.steps
      const response = await client
        .post(`/api/v1/provider-compliances/${compliance.id}/steps/${step.id}/documents`)
        .field('documentRequirementId', step.requiredDocuments[0].id)
        .file('file', FILES.pdf, { filepath: '../../../../etc/passwd.pdf' } as any)
        .headers(headers(world.borrower))
        .loginAs(world.providerOwner)
      response.assertStatus(201)
      assert.equal(response.body().data.fileName, 'passwd.pdf')
    } finally {
      drive.restore()
      restoreClock()
    }
  })
})
