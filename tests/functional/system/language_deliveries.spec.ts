import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import Delivery, { type MailPayload } from '#models/delivery'
import Notification from '#models/notification'
import type User from '#models/user'
import type { ContractEventBase } from '#events/contract_events'
import NotifyContractEvent from '#listeners/notify_contract_event'
import PasswordResetIssuer from '#services/auth/password_reset_issuer'
import { companyWithOwner, memberOf } from '#tests/support/tenancy'

/**
 * E-mails and notifications speak their recipient's saved language
 * (docs/decisions.md, "Errors and language"): `users.locale` 'en' gets
 * English, null gets Portuguese (the spec's texts), whatever the language
 * of the request that caused them.
 */
const ME = '/api/v1/users/me'

const mailTo = async (user: User) => {
  const deliveries = await Delivery.query().where('channel', 'email')
  const mail = deliveries
    .map((delivery) => delivery.payload as MailPayload)
    .find((payload) => payload.to === user.email)
  if (!mail) throw new Error(`no e-mail to ${user.email}`)
  return mail
}

test.group('Language of e-mails and notifications', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a contract event: each recipient gets the notification and e-mail in their language', async ({
    client,
    assert,
  }) => {
    const { company } = await companyWithOwner()
    const english = await memberOf(company, 'admin')
    const portuguese = await memberOf(company, 'user')
    /* The language is chosen by the user (PUT /users/me), not by a request's Accept-Language */
    const saved = await client.put(ME).json({ name: english.name, locale: 'en' }).loginAs(english)
    saved.assertStatus(200)

    const contract = { id: crypto.randomUUID(), name: 'Contrato Alfa' }
    await db.transaction((trx) =>
      new NotifyContractEvent().handle({
        type: 'contract_completed',
        scope: 'contract',
        contract: { ...contract, companyId: company.id, status: 'completed' },
        actor: null,
        recipients: [english, portuguese].map((user) => ({
          userId: user.id,
          companyId: company.id,
          email: user.email,
          name: user.name,
        })),
        deadline: null,
        link: `https://app.test/contracts/${contract.id}`,
        actionRoute: `/contracts/${contract.id}`,
        trx,
      } satisfies ContractEventBase)
    )

    const rowOf = (user: User) => Notification.query().where('user_id', user.id).firstOrFail()
    const [en, pt] = await Promise.all([rowOf(english), rowOf(portuguese)])
    assert.equal(en.title, 'Contract completed')
    assert.equal(en.message, 'Every signature of the contract "Contrato Alfa" has been collected.')
    assert.equal(en.activity?.actionLabel, 'View contract')
    assert.equal(pt.title, 'Contrato concluído')
    assert.equal(pt.message, 'Todas as assinaturas do contrato "Contrato Alfa" foram coletadas.')
    assert.equal(pt.activity?.actionLabel, 'Ver contrato')

    const [enMail, ptMail] = await Promise.all([mailTo(english), mailTo(portuguese)])
    assert.equal(enMail.subject, 'Contract completed: Contrato Alfa')
    assert.include(enMail.html, '<html lang="en">')
    assert.include(enMail.html, 'Every signature has been collected.')
    assert.include(enMail.html, 'View contract')
    assert.notInclude(enMail.html, 'Contrato concluído')
    assert.equal(ptMail.subject, 'Contrato concluído: Contrato Alfa')
    assert.include(ptMail.html, '<html lang="pt-BR">')
    assert.include(ptMail.html, 'Todas as assinaturas foram coletadas.')
    assert.include(ptMail.text, 'Você recebeu esta mensagem porque tem uma conta em')
  })

  test('a dedicated e-mail (password reset) in the saved language, Portuguese when none', async ({
    assert,
  }) => {
    const { company } = await companyWithOwner()
    const english = await memberOf(company, 'user')
    const portuguese = await memberOf(company, 'user')
    /** Fixed names: a generated one may hold an apostrophe, which the HTML escapes */
    await english.merge({ locale: 'en', name: 'Ada Lovelace' }).save()
    await portuguese.merge({ name: 'Ana Souza' }).save()

    const issuer = await app.container.make(PasswordResetIssuer)
    assert.isTrue(await issuer.issue(english.email))
    assert.isTrue(await issuer.issue(portuguese.email))

    const [enMail, ptMail] = await Promise.all([mailTo(english), mailTo(portuguese)])
    assert.equal(enMail.subject, 'Password reset')
    assert.include(enMail.html, `Hello, ${english.name}.`)
    assert.include(enMail.html, 'within 60 minutes')
    assert.include(enMail.html, 'You received this message because you have an account at')
    assert.equal(ptMail.subject, 'Redefinição de senha')
    assert.include(ptMail.html, `Olá, ${portuguese.name}.`)
    assert.include(ptMail.html, 'em até 60 minutos')
  })
})
