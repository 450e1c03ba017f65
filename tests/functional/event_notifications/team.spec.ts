import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import UserInvitation from '#models/user_invitation'
import { withCnpjCheckDigits, withCpfCheckDigits } from '#support/documents'
import { companyWithOwner, memberOf } from '#tests/support/tenancy'
import { allMails, mailsTo, notificationsOf } from '#tests/support/event_notifications'
import { appUrl } from '#config/app'

const CNPJ = withCnpjCheckDigits('123456780001')
const CPF = withCpfCheckDigits('123456789')

test.group('Event notifications / team', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('E4 e-mails the representative the accept link; the other admins get user_invited', async ({
    client,
    assert,
  }) => {
    const { company: borrower, owner } = await companyWithOwner()
    const admin = await memberOf(borrower, 'admin')
    const employee = await memberOf(borrower, 'user')
    const response = await client
      .post('/api/v1/team')
      .json({
        document: CNPJ,
        name: 'Gama <Serviços> Ltda',
        legalRepresentative: { cpf: CPF, name: 'Gabriela Gama', email: 'gabriela@gama.test' },
      })
      .header('x-company-id', borrower.id)
      .loginAs(owner)
    response.assertStatus(201)
    const { user, company } = response.body()

    const [mail, ...others] = await mailsTo('gabriela@gama.test')
    assert.lengthOf(others, 0)
    assert.equal(mail.subject, `${borrower.name} convidou você para a plataforma`)
    assert.equal(mail.toName, 'Gabriela Gama')
    assert.isNotNull(await UserInvitation.findBy('userId', user.id))
    const link = /href="([^"]+)"/.exec(mail.html)![1].replaceAll('&amp;', '&')
    assert.include(mail.text, link)
    assert.include(mail.html, 'Gama &lt;Serviços&gt; Ltda')

    // Accepting through the e-mailed link sets the password
    assert.isTrue(link.startsWith(`${appUrl}/invitations/accept?token=`))
    const token = new URL(link).searchParams.get('token')!
    const accepted = await client
      .post('/api/v1/auth/invitations/accept')
      .json({ token, password: 'new-password-1' })
    accepted.assertStatus(200)

    const rows = await notificationsOf('user_invited')
    assert.deepEqual(
      rows.map((row) => row.userId),
      [admin.id]
    )
    assert.equal(rows[0].companyId, borrower.id)
    assert.equal(rows[0].scope, 'company')
    assert.equal(rows[0].actorId, owner.id)
    assert.deepInclude(rows[0].activity, {
      entityType: 'user',
      entityId: user.id,
      actionRoute: `/team/${company.id}`,
    })
    const recipients = (await allMails()).map((queued) => queued.to)
    assert.notInclude(recipients, owner.email)
    assert.notInclude(recipients, employee.email)
    assert.include(recipients, admin.email)
  })

  test('team:membership_requested e-mails an existing account; team:invitation_accepted tells the admins', async ({
    client,
    assert,
  }) => {
    const { company: borrower, owner } = await companyWithOwner()
    const admin = await memberOf(borrower, 'admin')
    const employee = await memberOf(borrower, 'user')
    const { owner: existing } = await companyWithOwner()
    const response = await client
      .post('/api/v1/team')
      .json({
        document: CNPJ,
        name: 'Delta Serviços Ltda',
        legalRepresentative: { cpf: CPF, name: 'Nome Enviado', email: existing.email },
      })
      .header('x-company-id', borrower.id)
      .loginAs(owner)
    response.assertStatus(201)

    const [mail, ...others] = await mailsTo(existing.email)
    assert.lengthOf(others, 0)
    assert.equal(mail.subject, `${borrower.name} convidou você para ser prestador`)
    assert.equal(mail.toName, existing.name)
    assert.lengthOf(await notificationsOf('user_invited'), 0, 'nobody hears before consent')

    const link = /href="([^"]+)"/.exec(mail.html)![1].replaceAll('&amp;', '&')
    assert.isTrue(link.startsWith(`${appUrl}/invitations/accept?token=`))
    const token = new URL(link).searchParams.get('token')!
    const accepted = await client.post('/api/v1/auth/invitations/accept').json({ token })
    accepted.assertStatus(200)

    const rows = await notificationsOf('user_invited')
    assert.sameMembers(
      rows.map((row) => row.userId),
      [owner.id, admin.id]
    )
    assert.notInclude(
      rows.map((row) => row.userId),
      employee.id
    )
    for (const row of rows) {
      assert.equal(row.title, 'Convite aceito')
      assert.equal(row.companyId, borrower.id)
      assert.equal(row.scope, 'company')
      assert.equal(row.actorId, existing.id)
      assert.equal(
        row.message,
        `${existing.name} (Delta Serviços Ltda) aceitou o convite e agora é prestador.`
      )
      assert.equal(row.activity?.actionRoute, `/team/${row.activity?.metadata?.providerCompanyId}`)
    }
  })
})
