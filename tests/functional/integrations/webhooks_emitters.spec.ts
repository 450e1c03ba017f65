import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { DateTime } from 'luxon'
import { DeliveryWorker } from '#services/platform/delivery_worker'
import { contractToSign, contractWorld, fullPayload } from '#tests/support/contracts'
import { cleanStorage, pdfBytes } from '#tests/support/files'
import { as } from '#tests/support/http'
import { freezeClock, restoreClock } from '#tests/support/clock'
import { naturalProvider } from '#tests/support/hours'
import { companyWithOwner } from '#tests/support/tenancy'
import { startWebhookReceiver } from '#tests/support/webhook_receiver'
import type { ApiClient } from '@japa/api-client'
import drive from '@adonisjs/drive/services/main'
import {
  attachedWorld,
  documentsStep,
  headers as complianceHeaders,
  ONE_DOCUMENT,
  sendFirstStep,
} from '#tests/support/compliance'
import { queuedWebhooks, subscribeAll } from '#tests/support/webhook_events'

test.group('Integrations / webhooks: contract events', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('created, review, publish, documents, cancel: each recorded with the API shape', async ({
    client,
    assert,
    cleanup,
  }) => {
    const receiver = await startWebhookReceiver()
    cleanup(() => receiver.close())
    const world = await contractWorld()
    const endpointId = await subscribeAll(client, world, receiver.url)
    const owner = as(client, world.owner, world.company)

    const created = await owner.post('/contracts').json(fullPayload(world))
    created.assertStatus(201)
    const id = created.body().data.id as string
    cleanup(() => cleanStorage(id))
    ;(await owner.patch(`/contracts/${id}/status`).json({ status: 'IN_REVIEW' })).assertStatus(200)
    const reviewer = as(client, world.reviewer, world.company)
    const [item] = (await reviewer.get(`/contracts/${id}/review`)).body().data.contracts
    const approval = await reviewer.post(`/contracts/${id}/review/${item.id}/approve`).json({})
    approval.assertStatus(200)
    ;(await owner.patch(`/contracts/${id}/status`).json({ status: 'PUBLISHED' })).assertStatus(200)

    const detail = (await owner.get(`/contracts/${id}/detail`)).body().data
    const documentId = detail.documents.find((d: any) => d.name === 'Contrato social').id
    const part = detail.parts.find((p: any) => p.role === 'PROVIDER')
    const uploaded = await owner
      .post(`/contracts/${id}/documents/${documentId}/files`)
      .field('partId', part.id)
      .file('file', await pdfBytes(), { filename: 'social.pdf' })
    uploaded.assertStatus(201)
    const reviewed = await owner
      .patch(`/contracts/${id}/documents/${uploaded.body().data.id}/review`)
      .json({ status: 'rejected', reason: 'Ilegível' })
    reviewed.assertStatus(200)
    ;(await owner.patch(`/contracts/${id}/cancel`).json({ reason: 'Desistência' })).assertStatus(
      200
    )

    const events = await queuedWebhooks(endpointId)
    assert.deepEqual(
      events.map(([type]) => type),
      [
        'contract.created',
        'contract.status_changed',
        'contract.review.approved',
        'contract.status_changed',
        'contract.published',
        'contract.document.uploaded',
        'contract.document.rejected',
        'contract.status_changed',
        'contract.cancelled',
      ]
    )
    const data = (index: number) => events[index][1]
    assert.deepEqual(data(0), created.body().data)
    assert.equal(data(1).status, 'in_review')
    assert.deepEqual(data(2), { contractId: id, ...approval.body().data })
    assert.equal(data(4).status, 'provider')
    const { fileUrl: uploadedUrl, ...uploadedFile } = uploaded.body().data
    /** The link is signed again for the event (its own expiry): the rest is the same */
    assert.isString(uploadedUrl)
    assert.containsSubset(data(5), uploadedFile)
    const { fileUrl: reviewedUrl, ...reviewedFile } = reviewed.body().data
    assert.isString(reviewedUrl)
    assert.containsSubset(data(6), { ...reviewedFile, status: 'rejected' })
    assert.equal(data(8).status, 'cancelled')

    /** The worker sends them to the endpoint in that order */
    const worker = new DeliveryWorker()
    for (let pass = 0; pass < 3; pass++) await worker.runOnce({ now: DateTime.now() })
    assert.deepEqual(
      receiver.received.map((request) => request.json.type),
      events.map(([type]) => type)
    )
  })

  test('signing: start, signed, completed; the provider company hears nothing', async ({
    client,
    assert,
    cleanup,
  }) => {
    const receiver = await startWebhookReceiver()
    cleanup(() => receiver.close())
    const world = await contractWorld()
    const endpointId = await subscribeAll(client, world, receiver.url)
    const providerSide = await as(client, world.provider.owner, world.provider.company)
      .post('/webhooks')
      .json({ url: receiver.url, events: ['*'] })
    providerSide.assertStatus(201)
    const id = await contractToSign(client, world, [
      { name: 'Contratante', order: 1, members: [{ userId: world.owner.id }] },
    ])
    cleanup(() => cleanStorage(id))
    const owner = as(client, world.owner, world.company)
    ;(await owner.post(`/contracts/${id}/signatures/start`)).assertStatus(200)
    ;(await owner.post(`/contracts/${id}/signatures/sign`)).assertStatus(200)

    const types = (await queuedWebhooks(endpointId)).map(([type]) => type)
    assert.deepEqual(types.slice(1), [
      'contract.status_changed',
      'contract.signed',
      'contract.status_changed',
      'contract.completed',
    ])
    assert.deepEqual(await queuedWebhooks(providerSide.body().data.id), [])
  })
})

test.group('Integrations / webhooks: hours events', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => freezeClock('2026-03-23T02:30:00.000Z'))

  test('work entries and retroactive requests reach the borrower company with the API shape', async ({
    client,
    assert,
  }) => {
    const { company: borrower, owner } = await companyWithOwner()
    const endpoint = await as(client, owner, borrower)
      .post('/webhooks')
      .json({ url: 'http://127.0.0.1:9/unused', events: ['*'] })
    endpoint.assertStatus(201)
    const ana = await naturalProvider(borrower)
    const provider = as(client, ana.user, borrower)
    const tasks = [{ description: 'Code review', durationMinutes: 90 }]

    const created = await provider.post('/monitoring/entries').json({ date: '2026-03-22', tasks })
    created.assertStatus(201)
    const id = created.body().data.id
    const updated = await provider
      .put(`/monitoring/entries/${id}`)
      .json({ date: '2026-03-22', tasks: [{ description: 'Deploy', durationMinutes: 30 }] })
    updated.assertStatus(200)
    ;(await provider.delete(`/monitoring/entries/${id}`)).assertStatus(204)

    const asked = await provider
      .post('/monitoring/retroactive-requests')
      .json({ date: '2026-03-10', reason: 'Forgot', tasks })
    asked.assertStatus(201)
    const approved = await as(client, owner, borrower).post(
      `/monitoring/retroactive-requests/${asked.body().data.id}/approve`
    )
    approved.assertStatus(200)
    const other = await provider
      .post('/monitoring/retroactive-requests')
      .json({ date: '2026-03-11', reason: 'Forgot', tasks })
    const declined = await as(client, owner, borrower)
      .post(`/monitoring/retroactive-requests/${other.body().data.id}/decline`)
      .json({ declineReason: 'No' })
    declined.assertStatus(200)

    const events = await queuedWebhooks(endpoint.body().data.id)
    assert.deepEqual(
      events.map(([type]) => type),
      [
        'work_entry.created',
        'work_entry.updated',
        'work_entry.deleted',
        'retroactive_request.created',
        'work_entry.created',
        'retroactive_request.approved',
        'retroactive_request.created',
        'retroactive_request.declined',
      ]
    )
    assert.deepEqual(events[0][1], created.body().data)
    assert.deepEqual(events[1][1], updated.body().data)
    assert.deepEqual(events[3][1], asked.body().data)
    assert.deepEqual(events[5][1], approved.body().data)
    assert.deepEqual(events[7][1], declined.body().data)
  })
})

test.group('Integrations / webhooks: compliance events', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => {
    drive.fake()
    freezeClock('2026-03-10T12:00:00-03:00')
    return () => {
      drive.restore()
      restoreClock()
    }
  })

  test('a step submitted, rejected, submitted again and approved reaches the borrower company', async ({
    client,
    assert,
  }) => {
    const world = await attachedWorld(client as ApiClient, (w) => [
      documentsStep({ ...ONE_DOCUMENT, validators: [{ userId: w.validator.id }] }),
    ])
    const endpoint = await as(client, world.owner, world.borrower)
      .post('/webhooks')
      .json({ url: 'http://127.0.0.1:9/hook', events: ['*'] })
    endpoint.assertStatus(201)
    const endpointId = endpoint.body().data.id as string
    const providerEndpoint = await as(client, world.providerOwner, world.providerCompany)
      .post('/webhooks')
      .json({ url: 'http://127.0.0.1:9/provider', events: ['*'] })
    providerEndpoint.assertStatus(201)

    const compliance = world.companyCompliance
    const review = (body: object) =>
      client
        .patch(
          `/api/v1/team/${world.providerCompany.id}/compliances/${compliance.id}/steps/${compliance.steps[0].id}/review`
        )
        .headers(complianceHeaders(world.borrower))
        .json(body)
        .loginAs(world.validator)

    const first = await sendFirstStep(client as ApiClient, world)
    ;(
      await review({ documentId: first.documentId, action: 'reject', rejectionReason: 'ilegível' })
    ).assertStatus(200)
    const second = await sendFirstStep(client as ApiClient, world)
    ;(await review({ documentId: second.documentId, action: 'approve' })).assertStatus(200)

    const events = (await queuedWebhooks(endpointId)).filter(([type]) =>
      type.startsWith('compliance.')
    )
    assert.deepEqual(
      events.map(([type, data]) => [type, data.status]),
      [
        ['compliance.step.submitted', 'submitted'],
        ['compliance.step.rejected', 'rejected'],
        ['compliance.step.submitted', 'submitted'],
        ['compliance.step.approved', 'approved'],
      ]
    )
    const [, submitted] = events[0]
    assert.include(submitted, {
      id: compliance.steps[0].id,
      complianceId: compliance.id,
      providerId: world.providerCompany.id,
      complianceStepId: compliance.steps[0].complianceStepId,
      month: compliance.month,
      year: compliance.year,
    })
    assert.notProperty(submitted, 'documents', 'no expiring signed URLs in a webhook')
    const providerSide = await queuedWebhooks(providerEndpoint.body().data.id)
    assert.isFalse(providerSide.some(([type]) => type.startsWith('compliance.')))
  })
})
