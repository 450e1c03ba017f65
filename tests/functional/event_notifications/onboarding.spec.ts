import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import Contract from '#models/contract'
import Onboarding from '#models/onboarding'
import OnboardingDocument from '#models/onboarding_document'
import OnboardingFormField from '#models/onboarding_form_field'
import onboardingTokens from '#services/onboarding/token_service'
import { memberOf } from '#tests/support/tenancy'
import {
  fileBytes,
  onboardingScenario,
  onboardingUrl,
  tmpFile,
  type OnboardingScenario,
} from '#tests/support/onboarding'
import { mailsTo, notificationsOf } from '#tests/support/event_notifications'
import { appUrl } from '#config/app'

const sendUrl = (s: OnboardingScenario) =>
  `/api/v1/contracts/${s.contractId}/providers/${s.providerId}/onboarding/send`
const reviewUrl = (s: OnboardingScenario) =>
  `/api/v1/onboardings/${s.onboarding.id}/documents/${s.onboarding.documents[0].id}/review`

async function uploadPdf(client: any, s: OnboardingScenario) {
  const response = await client
    .post(onboardingUrl(s.token, `/documents/${s.onboarding.documents[0].id}/upload`))
    .bearerToken(s.token)
    .file('file', await tmpFile('contrato.pdf', fileBytes.pdf()))
  response.assertStatus(200)
}

async function send(client: any, s: OnboardingScenario) {
  const response = await client
    .post(sendUrl(s))
    .header('x-company-id', s.borrower.id)
    .loginAs(s.borrowerOwner)
  response.assertStatus(200)
}

test.group('Event notifications / onboarding', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => limiter.clear(['memory']))

  test('onboarding:sent queues the H16 e-mail with the link, the form and the pending documents', async ({
    client,
    assert,
  }) => {
    const s = await onboardingScenario()
    await send(client, s)

    const [mail, ...others] = await mailsTo(s.providerOwner.email)
    assert.lengthOf(others, 0)
    const contract = await Contract.findOrFail(s.contractId)
    assert.equal(mail.subject, `Onboarding do contrato ${contract.name}`)
    assert.equal(mail.toName, s.providerOwner.name)
    const onboarding = await Onboarding.findOrFail(s.onboarding.id)
    const link = onboardingTokens.url(await onboardingTokens.sign(onboarding))
    assert.include(mail.html, `href="${link}"`)
    assert.include(mail.text, link)
    assert.include(mail.html, 'Formulário')
    assert.include(mail.html, 'Documentos')
    assert.include(mail.html, '<li>Contrato social</li>')
    assert.include(mail.html, '<li>Logotipo</li>')
    assert.include(mail.html, 'Você recebeu esta mensagem') // the shared layout
    // In-app action_required with the same link; no generic e-mail (one e-mail in all)
    const [row, ...moreRows] = await notificationsOf('action_required')
    assert.lengthOf(moreRows, 0)
    assert.equal(row.userId, s.providerOwner.id)
    assert.equal(row.companyId, s.providerCompany!.id)
    assert.equal(row.scope, 'action')
    assert.deepInclude(row.activity, {
      entityType: 'contract',
      entityId: s.contractId,
      actionRoute: new URL(link).pathname,
    })
    assert.deepEqual(row.activity!.metadata, {
      kind: 'onboarding_sent',
      onboardingId: s.onboarding.id,
      hasForm: true,
      hasDocuments: true,
      pendingDocuments: 2,
    })
  })

  test('the e-mail shows only the sections the provider has, and only pending documents', async ({
    client,
    assert,
  }) => {
    const documentsOnly = await onboardingScenario()
    await OnboardingFormField.query().where('onboarding_id', documentsOnly.onboarding.id).delete()
    await OnboardingDocument.query()
      .where('id', documentsOnly.onboarding.documents[0].id)
      .update({ status: 'validated' })
    await send(client, documentsOnly)
    const [documentsMail] = await mailsTo(documentsOnly.providerOwner.email)
    assert.notInclude(documentsMail.html, 'Formulário')
    assert.include(documentsMail.html, 'Documentos')
    assert.notInclude(documentsMail.html, '<li>Contrato social</li>')
    assert.include(documentsMail.html, '<li>Logotipo</li>')

    const formOnly = await onboardingScenario()
    await OnboardingDocument.query().where('onboarding_id', formOnly.onboarding.id).delete()
    await send(client, formOnly)
    const [formMail] = await mailsTo(formOnly.providerOwner.email)
    assert.include(formMail.html, 'Formulário')
    assert.notInclude(formMail.html, 'Documentos')
    assert.notInclude(formMail.html, '<li>')
  })

  test('a reminder (second send) queues a second e-mail', async ({ client, assert }) => {
    const s = await onboardingScenario()
    await send(client, s)
    await send(client, s)
    assert.lengthOf(await mailsTo(s.providerOwner.email), 2)
    // the first send is action_required, the repeated one the spec's `reminder` (scope action)
    const [first, ...moreFirsts] = await notificationsOf('action_required')
    assert.lengthOf(moreFirsts, 0)
    const [reminder, ...moreReminders] = await notificationsOf('reminder')
    assert.lengthOf(moreReminders, 0)
    assert.equal(reminder.userId, first.userId)
    assert.equal(reminder.userId, s.providerOwner.id)
    assert.equal(reminder.scope, 'action')
    assert.equal(reminder.title, 'Lembrete: onboarding pendente')
  })

  test('onboarding:submitted notifies the borrower owners and admins (document_uploaded)', async ({
    client,
    assert,
  }) => {
    const s = await onboardingScenario()
    const admin = await memberOf(s.borrower, 'admin')
    const user = await memberOf(s.borrower, 'user')
    const form = await client
      .put(onboardingUrl(s.token, '/form'))
      .bearerToken(s.token)
      .json({
        fields: [
          { id: s.onboarding.formFields[0].id, value: 'Beta Consultoria' },
          { id: s.onboarding.formFields[1].id, value: '2026-01-15' },
        ],
      })
    form.assertStatus(200)
    await uploadPdf(client, s)
    const response = await client.post(onboardingUrl(s.token, '/submit')).bearerToken(s.token)
    response.assertStatus(200)

    const rows = await notificationsOf('document_uploaded')
    const recipients = rows.map((row) => row.userId)
    assert.includeMembers(recipients, [s.borrowerOwner.id, admin.id])
    assert.notInclude(recipients, user.id)
    assert.notInclude(recipients, s.providerOwner.id)
    assert.lengthOf(rows, 3) // owner + the scenario's admin + this admin
    for (const row of rows) {
      assert.equal(row.companyId, s.borrower.id)
      assert.equal(row.scope, 'contract')
      assert.include(row.message, s.providerCompany!.name)
      assert.deepInclude(row.activity, {
        entityType: 'contract',
        entityId: s.contractId,
        actionRoute: `/contracts/${s.contractId}`,
      })
      assert.deepEqual(row.activity!.metadata, {
        kind: 'onboarding_submitted',
        onboardingId: s.onboarding.id,
        providerId: s.providerId,
      })
    }
    const [mail] = await mailsTo(s.borrowerOwner.email)
    assert.equal(mail.subject, 'Onboarding enviado por um prestador')
    assert.include(mail.html, `${appUrl}/contracts/${s.contractId}`)
  })

  test('onboarding:document_rejected notifies the provider with the link to resend', async ({
    client,
    assert,
  }) => {
    const s = await onboardingScenario()
    await uploadPdf(client, s)
    const response = await client
      .patch(reviewUrl(s))
      .header('x-company-id', s.borrower.id)
      .loginAs(s.borrowerOwner)
      .json({ status: 'rejected', reason: 'Documento <ilegível>' })
    response.assertStatus(200)

    const [row, ...others] = await notificationsOf('document_rejected')
    assert.lengthOf(others, 0)
    assert.equal(row.userId, s.providerOwner.id)
    assert.equal(row.companyId, s.providerCompany!.id)
    assert.equal(row.scope, 'contract')
    assert.include(row.message, 'Documento <ilegível>')
    const onboarding = await Onboarding.findOrFail(s.onboarding.id)
    const link = onboardingTokens.url(await onboardingTokens.sign(onboarding))
    assert.deepInclude(row.activity, {
      entityType: 'document',
      entityId: s.onboarding.documents[0].id,
      entityName: 'Contrato social',
      actionRoute: new URL(link).pathname,
    })

    const [mail] = await mailsTo(s.providerOwner.email)
    assert.equal(mail.subject, 'Documento do onboarding recusado')
    assert.include(mail.html, link)
    assert.include(mail.html, 'Documento &lt;ilegível&gt;')
    assert.notInclude(mail.html, 'Documento <ilegível>')
  })
})
