import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import drive from '@adonisjs/drive/services/main'
import type { ApiClient } from '@japa/api-client'
import {
  attachedWorld,
  documentsStep,
  headers,
  ONE_DOCUMENT,
  sendFirstStep,
} from '#tests/support/compliance'
import { mailsTo, notificationsOf } from '#tests/support/event_notifications'
import { appUrl } from '#config/app'
import { freezeClock, restoreClock } from '#tests/support/clock'

type World = Awaited<ReturnType<typeof attachedWorld>>

function review(client: ApiClient, world: World, body: object) {
  const compliance = world.companyCompliance
  return client
    .patch(
      `/api/v1/team/${world.providerCompany.id}/compliances/${compliance.id}/steps/${compliance.steps[0].id}/review`
    )
    .headers(headers(world.borrower))
    .json(body)
    .loginAs(world.validator)
}

async function oneStepWorld(client: ApiClient) {
  return attachedWorld(client, (w) => [
    documentsStep({ title: 'Notas', ...ONE_DOCUMENT, validators: [{ userId: w.validator.id }] }),
  ])
}

test.group('Event notifications / compliance', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => {
    drive.fake()
    freezeClock('2026-03-10T12:00:00-03:00')
    return () => {
      drive.restore()
      restoreClock()
    }
  })

  test('a submission notifies the validators; the completed month notifies owner/admins', async ({
    client,
    assert,
  }) => {
    const world = await oneStepWorld(client as ApiClient)
    await sendFirstStep(client as ApiClient, world)
    const compliance = world.companyCompliance
    const rows = await notificationsOf('document_uploaded')

    const submitted = rows.filter((row) => row.activity?.kind === 'compliance_document_submitted')
    assert.deepEqual(
      submitted.map((row) => row.userId),
      [world.validator.id]
    )
    const [row] = submitted
    assert.equal(row.companyId, world.borrower.id)
    assert.equal(row.scope, 'contract')
    assert.equal(row.actorId, world.providerOwner.id)
    assert.include(row.message, 'Notas')
    assert.include(row.message, '03/2026')
    assert.deepInclude(row.activity, {
      kind: 'compliance_document_submitted',
      entityType: 'document',
      entityId: compliance.steps[0].id,
      entityName: 'Notas',
      actionRoute: `/team/${world.providerCompany.id}/compliances/${compliance.id}`,
    })
    assert.deepInclude(row.activity!.metadata, {
      complianceId: compliance.id,
      providerId: world.providerCompany.id,
      month: 3,
      year: 2026,
    })
    const [mail] = await mailsTo(world.validator.email)
    assert.equal(mail.subject, 'Documentos de conformidade enviados')
    assert.include(
      mail.html,
      `${appUrl}/team/${world.providerCompany.id}/compliances/${compliance.id}`
    )

    const sent = rows.filter((candidate) => candidate.activity?.kind === 'compliance_sent')
    assert.deepEqual(
      sent.map((candidate) => candidate.userId),
      [world.owner.id]
    )
    assert.equal(sent[0].companyId, world.borrower.id)
    assert.lengthOf(await mailsTo(world.owner.email), 1)
    assert.lengthOf(await mailsTo(world.analyst.email), 0)
  })

  test('a rejection and an approval notify the provider', async ({ client, assert }) => {
    const world = await oneStepWorld(client as ApiClient)
    const compliance = world.companyCompliance
    const { documentId: first } = await sendFirstStep(client as ApiClient, world)
    const rejected = await review(client as ApiClient, world, {
      documentId: first,
      action: 'reject',
      rejectionReason: 'Ilegível <x>',
    })
    rejected.assertStatus(200)

    const [rejection, ...moreRejections] = await notificationsOf('document_rejected')
    assert.lengthOf(moreRejections, 0)
    assert.equal(rejection.userId, world.providerOwner.id)
    assert.equal(rejection.companyId, world.borrower.id)
    assert.equal(rejection.scope, 'contract')
    assert.equal(rejection.priority, 'high')
    assert.equal(rejection.actorId, world.validator.id)
    assert.include(rejection.message, 'Ilegível <x>')
    assert.deepInclude(rejection.activity, {
      kind: 'compliance_document_rejected',
      actionRoute: `/provider-compliances/${compliance.id}`,
    })

    const { documentId: second } = await sendFirstStep(client as ApiClient, world)
    ;(
      await review(client as ApiClient, world, { documentId: second, action: 'approve' })
    ).assertStatus(200)
    const [approval, ...moreApprovals] = await notificationsOf('document_approved')
    assert.lengthOf(moreApprovals, 0)
    assert.equal(approval.userId, world.providerOwner.id)
    assert.deepInclude(approval.activity, { kind: 'compliance_document_approved' })

    const subjects = (await mailsTo(world.providerOwner.email)).map((mail) => mail.subject)
    assert.sameMembers(subjects, [
      'Documento de conformidade recusado',
      'Documento de conformidade aprovado',
    ])
    const [rejectedMail] = (await mailsTo(world.providerOwner.email)).filter((mail) =>
      mail.subject.includes('recusado')
    )
    assert.include(rejectedMail.html, 'Ilegível &lt;x&gt;')
    assert.include(rejectedMail.html, `${appUrl}/provider-compliances/${compliance.id}`)
  })
})
