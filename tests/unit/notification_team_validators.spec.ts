import { test } from '@japa/runner'
import type { Assert } from '@japa/assert'
import { withCnpjCheckDigits, withCpfCheckDigits } from '#support/documents'
import {
  listNotificationsValidator,
  sendCustomNotificationValidator,
} from '#validators/notification'
import {
  updateCompanyNotificationSettingsValidator,
  updateNotificationPreferencesValidator,
} from '#validators/notification_settings'
import {
  acceptInvitationValidator,
  inviteTeamMemberValidator,
  listTeamValidator,
  MAX_PAGE_SIZE,
  toggleTeamLinkValidator,
} from '#validators/team'
import { listCompanyMembersValidator } from '#validators/company_member'

/**
 * Both sides of every limit of the notification, settings, team and
 * company-member validators (docs/testing.md, Validator boundaries).
 */

interface Validator {
  validate(data: unknown): Promise<unknown>
}

async function accepts(assert: Assert, validator: Validator, data: object, label: string) {
  try {
    await validator.validate(data)
  } catch (error) {
    assert.fail(`${label} should be valid: ${JSON.stringify((error as any).messages ?? error)}`)
  }
}

async function refuses(assert: Assert, validator: Validator, data: object, label: string) {
  let failed = false
  try {
    await validator.validate(data)
  } catch {
    failed = true
  }
  assert.isTrue(failed, `${label} should be refused`)
}

const UUID = '8f2d7a4e-1b3c-4d5e-8f6a-7b8c9d0e1f2a'
const text = (length: number) => 'a'.repeat(length)

test.group('Validators / notifications (I1, I5, I7, I9)', () => {
  test('I1 page >= 1 and 1 <= perPage <= 50, integers only', async ({ assert }) => {
    const v = listNotificationsValidator
    for (const ok of [{ page: 1 }, { perPage: 1 }, { perPage: 49 }, { perPage: 50 }, {}]) {
      await accepts(assert, v, ok, JSON.stringify(ok))
    }
    for (const bad of [{ page: 0 }, { perPage: 0 }, { perPage: 51 }, { perPage: 1.5 }]) {
      await refuses(assert, v, bad, JSON.stringify(bad))
    }
    for (const scope of ['contract', 'action', 'company', 'personal', 'all']) {
      await accepts(assert, v, { scope }, scope)
    }
    await refuses(assert, v, { scope: 'global' }, 'scope global')
  })

  test('I5 message up to 5000, title up to 255, sender name 1-120 and role 1-60', async ({
    assert,
  }) => {
    const v = sendCustomNotificationValidator
    const base = { sendTo: UUID, message: 'Oi', platforms: ['platform'] }
    await accepts(assert, v, base, 'base')
    await accepts(assert, v, { ...base, message: text(5000) }, 'message 5000')
    await refuses(assert, v, { ...base, message: text(5001) }, 'message 5001')
    await accepts(assert, v, { ...base, title: text(255) }, 'title 255')
    await refuses(assert, v, { ...base, title: text(256) }, 'title 256')
    await accepts(assert, v, { ...base, title: ` ${text(255)} ` }, 'title 255 once trimmed')
    for (const [field, max] of [
      ['name', 120],
      ['role', 60],
    ] as const) {
      await accepts(assert, v, { ...base, sender: { [field]: 'x' } }, `${field} 1`)
      await accepts(assert, v, { ...base, sender: { [field]: text(max) } }, `${field} ${max}`)
      await refuses(assert, v, { ...base, sender: { [field]: text(max + 1) } }, `${field} +1`)
      await refuses(assert, v, { ...base, sender: { [field]: '  ' } }, `${field} blank`)
    }
  })

  test('I5 platforms: at least one, known and distinct; sendTo a UUID', async ({ assert }) => {
    const v = sendCustomNotificationValidator
    const base = { sendTo: UUID, message: 'Oi' }
    await accepts(assert, v, { ...base, platforms: ['messenger', 'platform', 'email'] }, 'all 3')
    await refuses(assert, v, { ...base, platforms: [] }, 'none')
    await refuses(assert, v, { ...base, platforms: ['email', 'email'] }, 'twice')
    await refuses(assert, v, { ...base, platforms: ['sms'] }, 'sms')
    await refuses(assert, v, { ...base, platforms: ['email'], sendTo: 'nope' }, 'sendTo')
    await refuses(assert, v, { sendTo: UUID, platforms: ['email'] }, 'no message')
  })

  test('I7 channel flags: strict booleans of the four known keys', async ({ assert }) => {
    const v = updateNotificationPreferencesValidator
    await accepts(
      assert,
      v,
      { channels: { messenger: true, sms: false, email: true, platform: false } },
      'four flags'
    )
    await accepts(assert, v, { channels: {} }, 'no flag')
    await refuses(assert, v, { channels: { email: 'true' } }, 'string flag')
    await refuses(assert, v, { channels: { email: 1 } }, 'number flag')
    await refuses(assert, v, { channels: { push: true } }, 'unknown key')
    await refuses(assert, v, {}, 'no channels')
  })

  test('I9 types: configurable ones only, strict booleans; mandatory refused', async ({
    assert,
  }) => {
    const v = updateCompanyNotificationSettingsValidator
    const base = { allowedChannels: { email: false } }
    await accepts(assert, v, { ...base, types: { contract_created: false } }, 'configurable')
    await accepts(assert, v, { ...base, types: {} }, 'none')
    await refuses(assert, v, { ...base, types: { login_alert: false } }, 'mandatory')
    await refuses(assert, v, { ...base, types: { contract_cancelled: true } }, 'mandatory 2')
    await refuses(assert, v, { ...base, types: { unknown_type: false } }, 'unknown')
    await refuses(assert, v, { ...base, types: { contract_created: 'no' } }, 'not a boolean')
    await refuses(assert, v, { types: {}, allowedChannels: { fax: true } }, 'unknown channel')
    await refuses(assert, v, { allowedChannels: {} }, 'no types')
  })
})

test.group('Validators / team and company members', () => {
  const CNPJ = withCnpjCheckDigits('123456780001')
  const CPF = withCpfCheckDigits('123456789')
  const invite = (overrides: object = {}, representative: object = {}) => ({
    document: CNPJ,
    name: 'Gama Ltda',
    legalRepresentative: { cpf: CPF, name: 'Gabriela', email: 'g@gama.test', ...representative },
    ...overrides,
  })

  test('list pages: team pageSize 1-100, members perPage 1-100, page >= 1', async ({ assert }) => {
    assert.equal(MAX_PAGE_SIZE, 100)
    for (const [v, key] of [
      [listTeamValidator, 'pageSize'],
      [listCompanyMembersValidator, 'perPage'],
    ] as const) {
      for (const size of [1, 99, 100]) await accepts(assert, v, { [key]: size }, `${key} ${size}`)
      for (const size of [0, 101, 2.5]) await refuses(assert, v, { [key]: size }, `${key} ${size}`)
      await accepts(assert, v, { page: 1 }, 'page 1')
      await refuses(assert, v, { page: 0 }, 'page 0')
    }
    await accepts(assert, listTeamValidator, { search: text(255) }, 'search 255')
    await refuses(assert, listTeamValidator, { search: text(256) }, 'search 256')
    await accepts(assert, listTeamValidator, { status: 'inactive' }, 'status')
    await refuses(assert, listTeamValidator, { status: 'gone' }, 'status gone')
    await accepts(assert, listCompanyMembersValidator, { role: 'provider' }, 'role')
    await refuses(assert, listCompanyMembersValidator, { role: 'king' }, 'role king')
  })

  test('E4 names 2-255, trade name up to 255, e-mail up to 254', async ({ assert }) => {
    const v = inviteTeamMemberValidator
    await accepts(assert, v, invite(), 'base')
    await accepts(assert, v, invite({ name: 'AB' }), 'name 2')
    await refuses(assert, v, invite({ name: 'A' }), 'name 1')
    await refuses(assert, v, invite({ name: ' A ' }), 'name 1 once trimmed')
    await accepts(assert, v, invite({ name: text(255) }), 'name 255')
    await refuses(assert, v, invite({ name: text(256) }), 'name 256')
    await accepts(assert, v, invite({ tradeName: text(255) }), 'trade 255')
    await refuses(assert, v, invite({ tradeName: text(256) }), 'trade 256')
    await accepts(assert, v, invite({}, { name: 'AB' }), 'rep name 2')
    await refuses(assert, v, invite({}, { name: 'A' }), 'rep name 1')
    await accepts(assert, v, invite({}, { name: text(255) }), 'rep name 255')
    await refuses(assert, v, invite({}, { name: text(256) }), 'rep name 256')
    /** 64 + '@' + labels of at most 63 (an e-mail domain label's limit) + '.test' */
    const email = (length: number) =>
      `${text(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(length - 64 - 1 - 128 - 5)}.test`
    await accepts(assert, v, invite({}, { email: email(254) }), 'email 254')
    await refuses(assert, v, invite({}, { email: email(255) }), 'email 255')
    await refuses(assert, v, invite({}, { email: 'not-an-email' }), 'email shape')
    await refuses(assert, v, invite({ document: '11111111111111' }), 'bad CNPJ')
    await refuses(assert, v, invite({}, { cpf: '11111111111' }), 'bad CPF')
  })

  test('accept: token 16-256, password 8-128 when given', async ({ assert }) => {
    const v = acceptInvitationValidator
    await accepts(assert, v, { token: text(16) }, 'token 16')
    await refuses(assert, v, { token: text(15) }, 'token 15')
    await accepts(assert, v, { token: text(256) }, 'token 256')
    await refuses(assert, v, { token: text(257) }, 'token 257')
    await accepts(assert, v, { token: text(16), password: text(8) }, 'password 8')
    await refuses(assert, v, { token: text(16), password: text(7) }, 'password 7')
    await accepts(assert, v, { token: text(16), password: text(128) }, 'password 128')
    await refuses(assert, v, { token: text(16), password: text(129) }, 'password 129')
  })

  test('E4, E1 and acceptance texts come out trimmed, the e-mail lowercased', async ({
    assert,
  }) => {
    const invited = await inviteTeamMemberValidator.validate(
      invite({ tradeName: '  Gama  ' }, { name: '  Gabriela  ', email: '  Gabriela@Gama.TEST  ' })
    )
    assert.equal(invited.tradeName, 'Gama')
    assert.equal(invited.legalRepresentative.name, 'Gabriela')
    assert.equal(invited.legalRepresentative.email, 'gabriela@gama.test')
    const { search } = await listTeamValidator.validate({ search: `  ${text(255)}  ` })
    assert.equal(search, text(255))
    const { token } = await acceptInvitationValidator.validate({ token: `  ${text(16)}  ` })
    assert.equal(token, text(16))
  })

  test('team link toggle: strict boolean', async ({ assert }) => {
    const v = toggleTeamLinkValidator
    await accepts(assert, v, { isActive: false }, 'ok')
    await refuses(assert, v, { isActive: 'false' }, 'string')
  })
})
