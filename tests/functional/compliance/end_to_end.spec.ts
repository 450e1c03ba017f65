import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import ace from '@adonisjs/core/services/ace'
import drive from '@adonisjs/drive/services/main'
import emitter from '@adonisjs/core/services/emitter'
import type { ApiClient } from '@japa/api-client'
import {
  complianceWorld,
  createFlow,
  documentsStep,
  FILES,
  headers,
} from '#tests/support/compliance'
import { freezeClock, restoreClock } from '#tests/support/clock'

test.group('Compliance / end to end', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => {
    drive.fake()
    freezeClock('2026-03-10T12:00:00-03:00')
    return () => {
      drive.restore()
      restoreClock()
    }
  })

  test('a two-step flow runs through a month over the HTTP API', async ({ client, assert }) => {
    const events = emitter.fake()
    const world = await complianceWorld()
    const validators = [{ userId: world.validator.id }]
    const flow = await createFlow(client as ApiClient, world, {
      name: 'Compliance mensal',
      steps: [
        documentsStep({
          title: 'Notas',
          validators,
          documents: [{ name: 'NF', required: true, formats: ['pdf'] }],
        }),
        documentsStep({
          title: 'Certidões',
          validators,
          dependsOnPrevious: true,
          documents: [{ name: 'CND', required: true, formats: ['.pdf', '.png'] }],
        }),
      ],
    })
    assert.equal(flow.status, 'active')

    const attached = await client
      .post('/api/v1/providers/compliance-flows')
      .headers(headers(world.borrower))
      .json({ attachments: [{ providerId: world.providerCompany.id, complianceFlowId: flow.id }] })
      .loginAs(world.owner)
    attached.assertStatus(201)

    const command = await ace.exec('compliance:generate', ['--month', '2026-03'])
    assert.equal(command.exitCode, 0)

    const asProvider = (request: ReturnType<ApiClient['get']>) =>
      request.headers(headers(world.borrower)).loginAs(world.providerOwner)
    const current = await asProvider(client.get('/api/v1/provider-compliances/current'))
    current.assertStatus(200)
    assert.equal(current.body().total, 1)
    let compliance = current.body().data[0]
    assert.equal(compliance.status, 'pending')
    assert.equal(compliance.providerId, world.providerCompany.id)
    assert.equal(compliance.complianceFlowName, 'Compliance mensal')
    const [first, second] = compliance.steps
    assert.deepEqual([first.status, second.status], ['pending', 'blocked'])
    assert.isTrue(first.isSubmissionOpen)
    assert.isFalse(second.isSubmissionOpen)
    assert.equal(first.submissionDeadline, '2026-03-31T23:59:59.999-03:00')

    const base = `/api/v1/provider-compliances/${compliance.id}/steps`
    const upload = (step: any, file: Buffer, name: string) =>
      asProvider(
        client
          .post(`${base}/${step.id}/documents`)
          .field('documentRequirementId', step.requiredDocuments[0].id)
          .file('file', file, { filename: name })
      )
    const submit = (step: any) => asProvider(client.post(`${base}/${step.id}/submit`).json({}))
    const review = (step: any, body: object) =>
      client
        .patch(
          `/api/v1/team/${world.providerCompany.id}/compliances/${compliance.id}/steps/${step.id}/review`
        )
        .headers(headers(world.borrower))
        .json(body)
        .loginAs(world.validator)

    ;(await upload(second, FILES.pdf, 'cnd.pdf')).assertStatus(409)
    const sent = await upload(first, FILES.pdf, 'nf.pdf')
    sent.assertStatus(201)
    assert.equal(sent.body().data.status, 'pending')
    assert.isNull(sent.body().data.reviewedAt)
    assert.match(sent.body().data.fileUrl, /signed/)

    const submitted = await submit(first)
    submitted.assertStatus(200)
    assert.equal(submitted.body().data.status, 'submitted')
    events.assertEmitted('compliance:document_submitted', ({ data }) => {
      return data.recipients.map((r) => r.userId).join() === world.validator.id && data.month === 3
    })

    const documentId = sent.body().data.id
    ;(await review(first, { documentId, action: 'reject' })).assertStatus(422)
    const rejected = await review(first, {
      documentId,
      action: 'reject',
      rejectionReason: 'Ilegível',
    })
    rejected.assertStatus(200)
    assert.equal(rejected.body().data.status, 'rejected')
    assert.equal(rejected.body().data.rejectionReason, 'Ilegível')
    events.assertEmitted('compliance:document_rejected', ({ data }) => {
      return (
        data.recipients[0].userId === world.providerOwner.id && data.rejectionReason === 'Ilegível'
      )
    })
    compliance = (
      await asProvider(client.get(`/api/v1/provider-compliances/${compliance.id}`))
    ).body().data
    assert.equal(compliance.status, 'rejected')
    assert.equal(compliance.steps[0].status, 'rejected')

    ;(await upload(first, FILES.pdf, 'nf-nova.pdf')).assertStatus(201)
    ;(await submit(first)).assertStatus(200)
    const resentId = (
      await asProvider(client.get(`/api/v1/provider-compliances/${compliance.id}`))
    ).body().data.steps[0].documents[0].id
    const approved = await review(first, { documentId: resentId, action: 'approve' })
    approved.assertStatus(200)
    assert.equal(approved.body().data.status, 'approved')

    compliance = (
      await asProvider(client.get(`/api/v1/provider-compliances/${compliance.id}`))
    ).body().data
    assert.deepEqual(
      compliance.steps.map((step: any) => step.status),
      ['approved', 'pending']
    )
    assert.equal(compliance.status, 'pending')

    const cnd = await upload(second, FILES.png, 'cnd.png')
    cnd.assertStatus(201)
    ;(await submit(second)).assertStatus(200)
    events.assertEmitted('compliance:sent', ({ data }) =>
      data.recipients.some((r) => r.userId === world.owner.id)
    )
    compliance = (
      await asProvider(client.get(`/api/v1/provider-compliances/${compliance.id}`))
    ).body().data
    assert.equal(compliance.status, 'sent')
    assert.isNotNull(compliance.submittedAt)

    ;(await review(second, { documentId: cnd.body().data.id, action: 'approve' })).assertStatus(200)
    events.assertEmitted('compliance:document_approved')
    const team = await client
      .get(`/api/v1/team/${world.providerCompany.id}/compliances`)
      .qs({ year: 2026, status: 'approved' })
      .headers(headers(world.borrower))
      .loginAs(world.owner)
    team.assertStatus(200)
    assert.lengthOf(team.body().data, 1)
    assert.equal(team.body().data[0].status, 'approved')
    assert.isNotNull(team.body().data[0].reviewedAt)
    emitter.restore()
  })
})
