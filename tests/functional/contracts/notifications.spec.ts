import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { appUrl } from '#config/app'
import CompanyNotificationSetting from '#models/company_notification_setting'
import Delivery, { type MailPayload } from '#models/delivery'
import Notification from '#models/notification'
import { contractWorld, createContract } from '#tests/support/contracts'
import { cleanStorage, pdfBytes } from '#tests/support/files'
import { as } from '#tests/support/http'

const link = (id: string, path = '') => `${appUrl}/contracts/${id}${path}`

/** Notification rows of a type, with their recipients sorted */
async function rowsOf(type: string, contractId: string) {
  const rows = await Notification.query()
    .where('type', type)
    .whereRaw(`activity->>'entityId' = ?`, [contractId])
    .orderBy('user_id')
  return rows
}

/** Queued e-mails whose subject contains `subject` */
async function mailsAbout(subject: string) {
  const rows = await Delivery.query().where('channel', 'email').orderBy('created_at')
  return rows
    .map((row) => row.payload as MailPayload)
    .filter((payload) => payload.subject.includes(subject))
}

const sorted = (values: (string | null)[]) => [...values].sort()

test.group('Contracts / notifications and e-mails of the contract events', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('contract_created: one row per borrower-side member, with activity and actor', async ({
    client,
    assert,
  }) => {
    const world = await contractWorld()
    const id = await createContract(client, world)

    const rows = await rowsOf('contract_created', id)
    assert.deepEqual(
      rows.map((row) => row.userId),
      sorted([world.owner.id, world.reviewer.id])
    )
    for (const row of rows) {
      assert.equal(row.companyId, world.company.id)
      assert.equal(row.scope, 'contract')
      assert.equal(row.actorName, world.owner.name)
      assert.equal(row.actorId, world.owner.id)
      assert.deepEqual(row.activity, {
        entityType: 'contract',
        entityId: id,
        entityName: 'Contrato de consultoria',
        actionLabel: 'Ver contrato',
        actionRoute: `/contracts/${id}`,
      })
    }
    // the parts are not company members
    assert.lengthOf(await Notification.query().where('user_id', world.person.id), 0)
    // generic e-mail through notify()
    const mails = await mailsAbout('Novo contrato criado')
    assert.sameMembers(
      mails.map((mail) => mail.to),
      [world.owner.email, world.reviewer.email]
    )
    assert.include(mails[0].html, `/contracts/${id}`)
  })

  test('the delivery rule applies: a company that disabled contract_created gets nothing', async ({
    client,
    assert,
  }) => {
    const world = await contractWorld()
    await CompanyNotificationSetting.create({
      companyId: world.company.id,
      allowedChannels: {},
      types: { contract_created: false },
    })
    const id = await createContract(client, world)
    assert.lengthOf(await rowsOf('contract_created', id), 0)
    assert.lengthOf(await mailsAbout('Novo contrato criado'), 0)
  })

  test('review_requested: action row and one dedicated e-mail to the reviewer with /review', async ({
    client,
    assert,
  }) => {
    const world = await contractWorld()
    const id = await createContract(client, world, { name: 'Obra <Sul> & Cia' })
    const owner = as(client, world.owner, world.company)
    ;(await owner.patch(`/contracts/${id}/status`).json({ status: 'IN_REVIEW' })).assertStatus(200)

    const [row, ...others] = await rowsOf('review_requested', id)
    assert.lengthOf(others, 0)
    assert.equal(row.userId, world.reviewer.id)
    assert.equal(row.scope, 'action')
    assert.equal(row.activity?.actionLabel, 'Revisar')
    assert.equal(row.activity?.actionRoute, `/contracts/${id}`)
    assert.equal(row.actorName, world.owner.name)

    const mails = (await Delivery.query().where('channel', 'email'))
      .map((delivery) => delivery.payload as MailPayload)
      .filter((mail) => mail.to === world.reviewer.email && !mail.subject.includes('criado'))
    assert.lengthOf(mails, 1, 'no generic duplicate of the dedicated e-mail')
    const [mail] = mails
    assert.equal(mail.subject, 'Revisão solicitada: Obra <Sul> & Cia')
    assert.include(mail.html, `href="${link(id, '/review')}"`)
    assert.include(mail.html, 'Obra &lt;Sul&gt; &amp; Cia')
    assert.notInclude(mail.html, '<Sul>')
    /** The text part: the HTML escapes a generated name such as O'Keefe */
    assert.include(mail.text, world.owner.name)
    assert.match(mail.html, /Prazo:<\/strong> \d{2}\/\d{2}\/\d{4}/)
    assert.include(mail.text, link(id, '/review'))

    // a reminder sends it again, as a reminder
    ;(await owner.post(`/contracts/${id}/review/reminders`)).assertStatus(200)
    const reminders = await mailsAbout('Lembrete: revisão pendente')
    assert.deepEqual(
      reminders.map((reminder) => reminder.to),
      [world.reviewer.email]
    )
    // the reminder is the spec's `reminder` type (scope action); the request keeps its own
    assert.lengthOf(await rowsOf('review_requested', id), 1)
    const [reminderRow, ...otherReminders] = await rowsOf('reminder', id)
    assert.lengthOf(otherReminders, 0)
    assert.equal(reminderRow.userId, world.reviewer.id)
    assert.equal(reminderRow.scope, 'action')
    assert.equal(reminderRow.title, 'Lembrete: revisão pendente')
  })

  test('contract_published (fill): rows for the parts, e-mail with /fill and pending documents', async ({
    client,
    assert,
  }) => {
    const world = await contractWorld()
    const id = await createContract(client, world)
    const owner = as(client, world.owner, world.company)
    const published = await owner.patch(`/contracts/${id}/status`).json({ status: 'PUBLISHED' })
    published.assertBody({ data: { id, status: 'provider' } })

    const rows = await rowsOf('contract_published', id)
    assert.deepEqual(
      rows.map((row) => row.userId),
      sorted([world.provider.owner.id, world.person.id])
    )
    assert.equal(rows[0].activity?.actionLabel, 'Preencher')

    const mails = await mailsAbout('Contrato publicado')
    assert.sameMembers(
      mails.map((mail) => mail.to),
      [world.provider.owner.email, world.person.email]
    )
    assert.include(mails[0].html, `href="${link(id, '/fill')}"`)
    assert.include(mails[0].html, '<li>Contrato social</li>')
    assert.notInclude(mails[0].html, 'Manual do prestador', 'download documents are not pending')
    assert.include(mails[0].text, 'Contrato social')
  })

  test('contract_published (sign): e-mail with /sign and the signing instructions', async ({
    client,
    assert,
  }) => {
    const world = await contractWorld()
    const id = await createContract(client, world, { documents: [] })
    const owner = as(client, world.owner, world.company)
    const published = await owner.patch(`/contracts/${id}/status`).json({ status: 'PUBLISHED' })
    published.assertBody({ data: { id, status: 'signature' } })

    const [mail] = await mailsAbout('Contrato pronto para assinatura')
    assert.include(mail.html, `href="${link(id, '/sign')}"`)
    assert.include(mail.html, 'Como assinar:')
    assert.lengthOf(await rowsOf('contract_published', id), 2)
  })

  test('document_rejected: the uploader gets a row and a resend e-mail with the reason', async ({
    client,
    assert,
    cleanup,
  }) => {
    const world = await contractWorld()
    const id = await createContract(client, world)
    cleanup(() => cleanStorage(id))
    const owner = as(client, world.owner, world.company)
    ;(await owner.patch(`/contracts/${id}/status`).json({ status: 'PUBLISHED' })).assertStatus(200)
    const detail = (await owner.get(`/contracts/${id}/detail`)).body().data
    const document = detail.documents.find((d: any) => !d.isDownload)
    const part = detail.parts.find((p: any) => p.role === 'PROVIDER')
    const uploaded = await owner
      .post(`/contracts/${id}/documents/${document.id}/files`)
      .field('partId', part.id)
      .file('file', await pdfBytes(), { filename: 'social.pdf' })
    uploaded.assertStatus(201)

    const [uploadedRow] = await rowsOf('document_uploaded', id)
    assert.equal(uploadedRow.userId, world.reviewer.id)

    ;(
      await owner
        .patch(`/contracts/${id}/documents/${uploaded.body().data.id}/review`)
        .json({ status: 'rejected', reason: 'Ilegível' })
    ).assertStatus(200)
    const [row] = await rowsOf('document_rejected', id)
    assert.equal(row.userId, world.owner.id)
    assert.include(row.message, 'Ilegível')
    const [mail, ...others] = await mailsAbout('Documento recusado')
    assert.lengthOf(others, 0)
    assert.equal(mail.to, world.owner.email)
    assert.include(mail.html, `href="${link(id, '/fill')}"`)
    assert.include(mail.html, 'Ilegível')
  })

  test('external signers (no account) get only e-mails: signature_requested and cancellation', async ({
    client,
    assert,
  }) => {
    const world = await contractWorld()
    const id = await createContract(client, world, {
      documents: [],
      signatureConfig: {
        groups: [{ name: 'Todos', members: [{ name: 'Externa', email: 'externa@example.com' }] }],
      },
    })
    const owner = as(client, world.owner, world.company)
    ;(await owner.patch(`/contracts/${id}/status`).json({ status: 'PUBLISHED' })).assertStatus(200)
    ;(await owner.post(`/contracts/${id}/signatures/start`)).assertStatus(200)

    assert.lengthOf(await rowsOf('signature_requested', id), 0)
    const [requested] = await mailsAbout('Assinatura solicitada')
    assert.equal(requested.to, 'externa@example.com')
    assert.include(requested.html, `href="${link(id, '/sign')}"`)

    ;(await owner.patch(`/contracts/${id}/cancel`).json({ reason: 'Desistência' })).assertStatus(
      200
    )
    const cancelled = await rowsOf('contract_cancelled', id)
    assert.includeMembers(
      cancelled.map((row) => row.userId),
      [world.owner.id, world.reviewer.id, world.person.id, world.provider.owner.id]
    )
    assert.include(cancelled[0].message, 'Desistência')
    const mails = await mailsAbout('Contrato cancelado')
    assert.includeMembers(
      mails.map((mail) => mail.to),
      ['externa@example.com', world.owner.email, world.person.email]
    )
    assert.lengthOf(
      mails.filter((mail) => mail.to === 'externa@example.com'),
      1
    )
  })

  test('comment_added (personal) and review_approved reach the owner', async ({
    client,
    assert,
  }) => {
    const world = await contractWorld()
    const id = await createContract(client, world)
    ;(
      await as(client, world.owner, world.company)
        .patch(`/contracts/${id}/status`)
        .json({ status: 'IN_REVIEW' })
    ).assertStatus(200)
    const reviewer = as(client, world.reviewer, world.company)
    const [item] = (await reviewer.get(`/contracts/${id}/review`)).body().data.contracts
    ;(
      await reviewer.post(`/contracts/${id}/review/${item.id}/comment`).json({ content: 'Ok?' })
    ).assertStatus(201)
    ;(await reviewer.post(`/contracts/${id}/review/${item.id}/approve`).json({})).assertStatus(200)

    const [comment] = await rowsOf('comment_added', id)
    assert.equal(comment.userId, world.owner.id)
    assert.equal(comment.scope, 'personal')
    assert.equal(comment.actorName, world.reviewer.name)
    assert.include(comment.message, 'Ok?')
    const [approved] = await rowsOf('review_approved', id)
    assert.equal(approved.userId, world.owner.id)
    assert.equal(approved.scope, 'contract')
  })
})
