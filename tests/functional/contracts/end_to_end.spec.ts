import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import drive from '@adonisjs/drive/services/main'
import mail from '@adonisjs/mail/services/main'
import { appUrl } from '#config/app'
import Contract from '#models/contract'
import ContractHistory from '#models/contract_history'
import ContractSignatureMember from '#models/contract_signature_member'
import Notification from '#models/notification'
import type { ContractRecipient } from '#events/contract_events'
import { DeliveryWorker } from '#services/platform/delivery_worker'
import { contractWorld, recordEvents } from '#tests/support/contracts'
import { cleanStorage, pdfBytes } from '#tests/support/files'
import { as } from '#tests/support/http'

const userIds = (recipients: ContractRecipient[]) => recipients.map((r) => r.userId).sort()

test.group('Contracts / end to end through the HTTP API', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.teardown(() => mail.restore())

  test('create -> parts -> model -> documents -> review -> publish -> upload -> sign -> completed', async ({
    client,
    assert,
    cleanup,
  }) => {
    const events = recordEvents()
    cleanup(events.stop)
    const world = await contractWorld()
    const owner = as(client, world.owner, world.company)
    const link = (id: string, path: string) => `${appUrl}/contracts/${id}${path}`

    /** create + parts */
    const created = await owner.post('/contracts').json({
      name: 'Consultoria anual',
      workflowId: world.workflow.id,
      currentStep: { key: 'parts', index: 0 },
      steps: ['parts', 'model', 'documents', 'review', 'upload', 'signature'].map((key) => ({
        key,
        status: 'pending',
        progress: 0,
      })),
      parts: [
        { companyId: world.provider.company.id, value: '10.000,00', contractType: 'MONTHLY' },
        { userId: world.person.id, value: '95,50', contractType: 'HOURLY' },
      ],
    })
    created.assertStatus(201)
    const id = created.body().data.id as string
    cleanup(() => cleanStorage(id))
    events.assertEmitted('contract:created', ({ data }) => {
      return (
        data.contract.id === id &&
        data.actor?.id === world.owner.id &&
        JSON.stringify(userIds(data.recipients)) ===
          JSON.stringify([world.owner.id, world.reviewer.id].sort()) &&
        data.recipients.every((r) => r.companyId === world.company.id && r.email.includes('@'))
      )
    })
    ;(await owner.patch(`/contracts/${id}/steps/parts/complete`)).assertStatus(200)

    /** model */
    ;(
      await owner.put(`/contracts/${id}`).json({
        name: 'Consultoria anual',
        modelConfig: { templateId: world.template.id },
        variableValues: [
          { name: 'contractName', value: 'Consultoria anual', required: true },
          { name: 'amount', value: 'R$ 10.000,00' },
        ],
      })
    ).assertStatus(200)
    ;(await owner.patch(`/contracts/${id}/steps/model/complete`)).assertStatus(200)

    /** documents + reviewers + signature groups */
    ;(
      await owner.put(`/contracts/${id}`).json({
        name: 'Consultoria anual',
        documents: [
          {
            name: 'Contrato social',
            isDownload: false,
            acceptedFormats: ['pdf'],
            maxFileSize: 2_000_000,
          },
        ],
        revisionConfig: { reviewers: [{ userId: world.reviewer.id, isRequired: true }] },
        signatureConfig: {
          groups: [
            { name: 'Contratante', order: 1, members: [{ userId: world.owner.id }] },
            { name: 'Prestadores', order: 2, isPartGroup: true },
          ],
        },
      })
    ).assertStatus(200)
    events.assertEmitted(
      'contract:signatory_added',
      ({ data }) => data.recipients[0]?.userId === world.owner.id && data.link === link(id, '/sign')
    )
    ;(await owner.patch(`/contracts/${id}/steps/documents/complete`)).assertStatus(200)

    /** review */
    ;(await owner.patch(`/contracts/${id}/status`).json({ status: 'IN_REVIEW' })).assertStatus(200)
    events.assertEmitted('contract:review_requested', ({ data }) => {
      return (
        data.link === link(id, '/review') &&
        data.deadline !== null &&
        data.contract.name === 'Consultoria anual' &&
        JSON.stringify(userIds(data.recipients)) === JSON.stringify([world.reviewer.id])
      )
    })
    const reviewer = as(client, world.reviewer, world.company)
    const review = await reviewer.get(`/contracts/${id}/review`)
    const [item] = review.body().data.contracts
    assert.include(item.htmlContent, 'Consultoria anual')
    ;(
      await reviewer.post(`/contracts/${id}/review/${item.id}/comment`).json({ content: 'Ok?' })
    ).assertStatus(201)
    events.assertEmitted(
      'contract:comment_added',
      ({ data }) => data.recipients[0].userId === world.owner.id
    )
    ;(await reviewer.post(`/contracts/${id}/review/${item.id}/approve`).json({})).assertStatus(200)
    events.assertEmitted(
      'contract:review_approved',
      ({ data }) => data.recipients[0].userId === world.owner.id
    )
    ;(await owner.patch(`/contracts/${id}/steps/review/complete`)).assertStatus(200)

    /** publish: parts must upload first */
    const published = await owner.patch(`/contracts/${id}/status`).json({ status: 'PUBLISHED' })
    published.assertBody({ data: { id, status: 'provider' } })
    events.assertEmitted('contract:published', ({ data }) => {
      return (
        data.mode === 'fill' &&
        data.link === link(id, '/fill') &&
        data.pendingDocuments[0]?.name === 'Contrato social' &&
        JSON.stringify(userIds(data.recipients)) ===
          JSON.stringify([world.provider.owner.id, world.person.id].sort())
      )
    })

    /** uploads, reviewed */
    const detail = (await owner.get(`/contracts/${id}/detail`)).body().data
    const documentId = detail.documents[0].id
    for (const part of detail.parts.filter((p: any) => p.role === 'PROVIDER')) {
      const uploaded = await owner
        .post(`/contracts/${id}/documents/${documentId}/files`)
        .field('partId', part.id)
        .file('file', await pdfBytes(), { filename: 'social.pdf' })
      uploaded.assertStatus(201)
      ;(
        await owner
          .patch(`/contracts/${id}/documents/${uploaded.body().data.id}/review`)
          .json({ status: 'approved' })
      ).assertStatus(200)
    }
    events.assertEmitted(
      'contract:document_uploaded',
      ({ data }) => data.recipients[0].userId === world.reviewer.id
    )
    events.assertEmitted(
      'contract:document_approved',
      ({ data }) => data.recipients[0].userId === world.owner.id
    )
    assert.isTrue((await owner.get(`/contracts/${id}/uploads`)).body().data.allApproved)

    /** signatures: ordered groups */
    const started = await owner.post(`/contracts/${id}/signatures/start`)
    started.assertStatus(200)
    assert.equal(started.body().data.summary.totalSigners, 3)
    events.assertEmitted(
      'contract:signature_requested',
      ({ data }) => data.recipients[0].userId === world.owner.id
    )
    const beta = as(client, world.provider.owner, world.company)
    ;(await beta.post(`/contracts/${id}/signatures/sign`)).assertStatus(409)
    ;(
      await owner.post(`/contracts/${id}/signatures/sign`).header('user-agent', 'E2E/1.0')
    ).assertStatus(200)
    events.assertEmitted(
      'contract:signed',
      ({ data }) => data.recipients[0].userId === world.owner.id
    )
    events.assertEmitted('contract:signature_completed')
    events.assertEmitted(
      'contract:signature_requested',
      ({ data }) => data.recipients[0].userId === world.person.id
    )
    ;(await beta.post(`/contracts/${id}/signatures/sign`)).assertStatus(200)
    const last = await as(client, world.person, world.company).post(
      `/contracts/${id}/signatures/sign`
    )
    last.assertStatus(200)
    assert.isTrue(last.body().data.summary.allSigned)

    /** completed, with the signed PDF */
    const contract = await Contract.findOrFail(id)
    assert.equal(contract.status, 'completed')
    const pdf = await drive.use().getBytes(contract.signedDocumentPath!)
    assert.equal(Buffer.from(pdf.subarray(0, 5)).toString(), '%PDF-')
    const final = (await owner.get(`/contracts/${id}/detail`)).body().data
    assert.match(final.signedDocument, /signature=/)
    const signer = await ContractSignatureMember.query()
      .where('user_id', world.owner.id)
      .firstOrFail()
    assert.equal(signer.userAgent, 'E2E/1.0')
    assert.equal(signer.documentHash, contract.documentHash)
    assert.isString(signer.ipAddress)
    events.assertEmitted('contract:completed', ({ data }) => {
      const ids = userIds(data.recipients)
      return [world.owner.id, world.reviewer.id, world.person.id, world.provider.owner.id].every(
        (u) => ids.includes(u)
      )
    })
    const statuses = await ContractHistory.query()
      .where('contract_id', id)
      .where('type', 'STATUS_CHANGED')
      .orderBy('created_at')
    assert.deepEqual(
      statuses.map((row) => row.payload.to),
      ['in_review', 'provider', 'signing', 'completed']
    )

    /** in-app notifications along the path, with the contract activity */
    const rows = await Notification.query().whereRaw(`activity->>'entityId' = ?`, [id])
    const typesOf = (userId: string) =>
      [...new Set(rows.filter((row) => row.userId === userId).map((row) => row.type))].sort()
    assert.includeMembers(typesOf(world.owner.id), [
      'comment_added',
      'contract_completed',
      'contract_created',
      'contract_signed',
      'document_approved',
      'review_approved',
      'signatory_added',
      'signature_completed',
      'signature_requested',
    ])
    assert.includeMembers(typesOf(world.reviewer.id), [
      'contract_created',
      'contract_completed',
      'document_uploaded',
      'review_requested',
    ])
    assert.includeMembers(typesOf(world.person.id), [
      'contract_completed',
      'contract_published',
      'signature_requested',
    ])
    assert.isTrue(rows.every((row) => row.activity?.actionRoute === `/contracts/${id}`))

    /** the e-mails: the outbox worker sends them through the (faked) mailer */
    const { messages } = mail.fake()
    const json = (message: any) => message.toJSON().message
    /** signer e-mails are stored lowercased: compare addresses case-insensitively */
    const to = (message: any) =>
      json(message).to.map((recipient: any) => recipient.address.toLowerCase())
    const summary = await new DeliveryWorker().runOnce({ batchSize: 500 })
    assert.equal(summary.dead + summary.retried, 0)

    const sent = (address: string, subject: string, needle: string) =>
      messages.assertSent(
        (message) =>
          to(message).includes(address.toLowerCase()) &&
          message.hasSubject(subject) &&
          String(json(message).html).includes(needle)
      )
    sent(world.reviewer.email, 'Revisão solicitada: Consultoria anual', link(id, '/review'))
    sent(
      world.person.email,
      'Contrato publicado: envie seus documentos (Consultoria anual)',
      link(id, '/fill')
    )
    sent(
      world.provider.owner.email,
      'Contrato publicado: envie seus documentos (Consultoria anual)',
      'Contrato social'
    )
    sent(world.owner.email, 'Assinatura solicitada: Consultoria anual', link(id, '/sign'))
    sent(world.person.email, 'Assinatura solicitada: Consultoria anual', link(id, '/sign'))
    for (const user of [world.owner, world.reviewer, world.person, world.provider.owner]) {
      sent(user.email, 'Contrato concluído: Consultoria anual', `href="${link(id, '')}"`)
    }
    sent(world.owner.email, 'Novo contrato criado', `/contracts/${id}`)
    messages.assertSentCount(
      { to: world.reviewer.email, subject: 'Revisão solicitada: Consultoria anual' },
      1
    )
  })
})
