import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import Notification from '#models/notification'
import {
  contractToSign,
  contractWorld,
  createContract,
  type ContractWorld,
} from '#tests/support/contracts'
import { cleanStorage, pdfBytes } from '#tests/support/files'
import { allMails, withTableScopes } from '#tests/support/event_notifications'
import { as } from '#tests/support/http'

/**
 * Every contract event (start/events.ts, CONTRACT_EVENTS) asserted by the
 * notification row it causes: type, title, recipients and company, and
 * the scope of the type's row in the spec's Events table (every row read
 * here is checked by `withTableScopes`). A listener unplugged from one
 * event, or an event mapped to another message or scope, fails here.
 */

/** The rows of a type about a contract sorted by user, each with its Events-table scope */
async function rowsOf(type: string, contractId: string) {
  const rows = await Notification.query()
    .where('type', type)
    .whereRaw(`activity->>'entityId' = ?`, [contractId])
    .orderBy('user_id')
    .orderBy('created_at')
  return withTableScopes(rows)
}

const summary = (rows: Notification[]) => rows.map((row) => [row.userId, row.title])
const sortedPairs = (pairs: [string, string][]) =>
  [...pairs].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))

/** A contract in `signature` with ordered groups: the owner first, then the person */
function toSign(client: any, world: ContractWorld, members: 'both' | 'owner' = 'both') {
  const groups = [{ name: 'Contratante', order: 1, members: [{ userId: world.owner.id }] }]
  if (members === 'both') {
    groups.push({ name: 'Prestadores', order: 2, members: [{ userId: world.person.id }] })
  }
  return contractToSign(client, world, groups)
}

test.group('Event notifications / contracts (every contract event)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('contract:created -> contract_created to every borrower-side member', async ({
    client,
    assert,
  }) => {
    const world = await contractWorld()
    const id = await createContract(client, world)
    const rows = await rowsOf('contract_created', id)
    assert.deepEqual(
      summary(rows),
      sortedPairs([
        [world.owner.id, 'Novo contrato criado'],
        [world.reviewer.id, 'Novo contrato criado'],
      ])
    )
    assert.isTrue(rows.every((row) => row.companyId === world.company.id))
    assert.equal(rows[0].message, `${world.owner.name} criou o contrato "Contrato de consultoria".`)
  })

  test('review events: review_requested, comment_added, review_rejected, review_approved', async ({
    client,
    assert,
  }) => {
    const world = await contractWorld()
    const id = await createContract(client, world)
    const owner = as(client, world.owner, world.company)
    ;(await owner.patch(`/contracts/${id}/status`).json({ status: 'IN_REVIEW' })).assertStatus(200)
    assert.deepEqual(summary(await rowsOf('review_requested', id)), [
      [world.reviewer.id, 'Revisão solicitada'],
    ])
    // a dedicated e-mail, and no generic duplicate of it (review_requested);
    // contract_created has no dedicated e-mail: the generic one goes out
    const reviewerMails = (await allMails()).filter((mail) => mail.to === world.reviewer.email)
    assert.sameMembers(
      reviewerMails.map((mail) => mail.subject),
      ['Novo contrato criado', 'Revisão solicitada: Contrato de consultoria']
    )

    const reviewer = as(client, world.reviewer, world.company)
    const [item] = (await reviewer.get(`/contracts/${id}/review`)).body().data.contracts
    ;(
      await reviewer.post(`/contracts/${id}/review/${item.id}/comment`).json({ content: 'Ok?' })
    ).assertStatus(201)
    assert.deepEqual(summary(await rowsOf('comment_added', id)), [
      [world.owner.id, 'Novo comentário'],
    ])

    ;(
      await reviewer
        .post(`/contracts/${id}/review/${item.id}/reject`)
        .json({ comment: 'Cláusula 3 ambígua' })
    ).assertStatus(200)
    const [rejected, ...moreRejected] = await rowsOf('review_rejected', id)
    assert.lengthOf(moreRejected, 0)
    assert.deepEqual(summary([rejected]), [[world.owner.id, 'Revisão recusada']])
    assert.equal(rejected.scope, 'contract')
    assert.equal(rejected.actorId, world.reviewer.id)
    assert.include(rejected.message, 'Motivo: Cláusula 3 ambígua')
    assert.lengthOf(await rowsOf('review_approved', id), 0)

    ;(await reviewer.post(`/contracts/${id}/review/${item.id}/approve`).json({})).assertStatus(200)
    assert.deepEqual(summary(await rowsOf('review_approved', id)), [
      [world.owner.id, 'Revisão aprovada'],
    ])
    assert.lengthOf(await rowsOf('review_rejected', id), 1)
  })

  test('document events: published, document_uploaded, document_approved, document_rejected', async ({
    client,
    assert,
    cleanup,
  }) => {
    const world = await contractWorld()
    const id = await createContract(client, world)
    cleanup(() => cleanStorage(id))
    const owner = as(client, world.owner, world.company)
    ;(await owner.patch(`/contracts/${id}/status`).json({ status: 'PUBLISHED' })).assertStatus(200)
    assert.deepEqual(
      summary(await rowsOf('contract_published', id)),
      sortedPairs([
        [world.provider.owner.id, 'Contrato publicado'],
        [world.person.id, 'Contrato publicado'],
      ])
    )

    const detail = (await owner.get(`/contracts/${id}/detail`)).body().data
    const document = detail.documents.find((d: any) => !d.isDownload)
    const fileIds: string[] = []
    for (const part of detail.parts.filter((p: any) => p.role === 'PROVIDER')) {
      const uploaded = await owner
        .post(`/contracts/${id}/documents/${document.id}/files`)
        .field('partId', part.id)
        .file('file', await pdfBytes(), { filename: 'social.pdf' })
      uploaded.assertStatus(201)
      fileIds.push(uploaded.body().data.id)
    }
    const uploadedRows = await rowsOf('document_uploaded', id)
    assert.lengthOf(uploadedRows, 2)
    assert.isTrue(
      uploadedRows.every(
        (row) => row.userId === world.reviewer.id && row.title === 'Documento enviado'
      )
    )

    ;(
      await owner
        .patch(`/contracts/${id}/documents/${fileIds[0]}/review`)
        .json({ status: 'approved' })
    ).assertStatus(200)
    const [approved, ...moreApproved] = await rowsOf('document_approved', id)
    assert.lengthOf(moreApproved, 0)
    assert.deepEqual(summary([approved]), [[world.owner.id, 'Documento aprovado']])
    assert.equal(
      approved.message,
      'O documento "Contrato social" do contrato "Contrato de consultoria" foi aprovado.'
    )
    assert.lengthOf(await rowsOf('document_rejected', id), 0)

    ;(
      await owner
        .patch(`/contracts/${id}/documents/${fileIds[1]}/review`)
        .json({ status: 'rejected', reason: 'Ilegível' })
    ).assertStatus(200)
    assert.deepEqual(summary(await rowsOf('document_rejected', id)), [
      [world.owner.id, 'Documento recusado'],
    ])
    assert.lengthOf(await rowsOf('document_approved', id), 1)
  })

  test('signature events: signatory_added, signature_requested, contract_signed, signature_completed, signature_rejected, contract_cancelled', async ({
    client,
    assert,
  }) => {
    const world = await contractWorld()
    const id = await toSign(client, world)
    assert.deepEqual(
      summary(await rowsOf('signatory_added', id)),
      sortedPairs([
        [world.owner.id, 'Você foi adicionado como signatário'],
        [world.person.id, 'Você foi adicionado como signatário'],
      ])
    )
    const owner = as(client, world.owner, world.company)
    ;(await owner.post(`/contracts/${id}/signatures/start`)).assertStatus(200)
    assert.deepEqual(summary(await rowsOf('signature_requested', id)), [
      [world.owner.id, 'Assinatura solicitada'],
    ])

    ;(await owner.post(`/contracts/${id}/signatures/sign`)).assertStatus(200)
    assert.deepEqual(summary(await rowsOf('contract_signed', id)), [
      [world.owner.id, 'Contrato assinado'],
    ])
    assert.deepEqual(summary(await rowsOf('signature_completed', id)), [
      [world.owner.id, 'Grupo de assinaturas concluído'],
    ])
    // the next group is asked to sign
    assert.deepEqual(
      summary(await rowsOf('signature_requested', id)),
      sortedPairs([
        [world.owner.id, 'Assinatura solicitada'],
        [world.person.id, 'Assinatura solicitada'],
      ])
    )

    const rejected = await as(client, world.person, world.company)
      .post(`/contracts/${id}/signatures/reject`)
      .json({ reason: 'Valor errado' })
    rejected.assertStatus(200)
    const [refusal, ...others] = await rowsOf('action_required', id)
    assert.lengthOf(others, 0)
    assert.deepEqual(summary([refusal]), [[world.owner.id, 'Assinatura recusada']])
    assert.equal(refusal.scope, 'action')
    assert.equal(refusal.priority, 'high')
    assert.equal(refusal.actorId, world.person.id)
    assert.equal(
      refusal.message,
      `${world.person.name} recusou a assinatura do contrato "Contrato de consultoria".`
    )

    ;(await owner.patch(`/contracts/${id}/cancel`).json({ reason: 'Desistência' })).assertStatus(
      200
    )
    const cancelled = await rowsOf('contract_cancelled', id)
    assert.includeMembers(
      cancelled.map((row) => row.userId),
      [world.owner.id, world.reviewer.id]
    )
    assert.isTrue(cancelled.every((row) => row.title === 'Contrato cancelado'))
  })

  test('contract:completed -> contract_completed and its e-mail', async ({
    client,
    assert,
    cleanup,
  }) => {
    const world = await contractWorld()
    const id = await toSign(client, world, 'owner')
    cleanup(() => cleanStorage(id))
    const owner = as(client, world.owner, world.company)
    ;(await owner.post(`/contracts/${id}/signatures/start`)).assertStatus(200)
    assert.lengthOf(await rowsOf('contract_completed', id), 0)
    const signed = await owner.post(`/contracts/${id}/signatures/sign`)
    signed.assertStatus(200)
    assert.isTrue(signed.body().data.summary.allSigned)

    const rows = await rowsOf('contract_completed', id)
    assert.includeMembers(
      rows.map((row) => row.userId),
      [world.owner.id, world.reviewer.id]
    )
    assert.isTrue(rows.every((row) => row.title === 'Contrato concluído'))
    const mails = (await allMails()).filter((mail) => mail.subject.startsWith('Contrato concluído'))
    assert.include(
      mails.map((mail) => mail.to),
      world.owner.email
    )
  })
})
