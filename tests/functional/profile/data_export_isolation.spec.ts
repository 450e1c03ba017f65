import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import app from '@adonisjs/core/services/app'
import testUtils from '@adonisjs/core/services/test_utils'
import emitter from '@adonisjs/core/services/emitter'
import drive from '@adonisjs/drive/services/main'
import ProcessDataExports from '#actions/profile/process_data_exports'
import AuthSession from '#models/auth_session'
import CompanyMember from '#models/company_member'
import DataExport from '#models/data_export'
import UserIdentity from '#models/user_identity'
import type Company from '#models/company'
import type User from '#models/user'
import type { OAuthProvider } from '#enums/oauth_providers'
import { UserFactory } from '#database/factories/user_factory'
import { companyWithOwner, memberOf } from '#tests/support/tenancy'

/**
 * The personal data archive holds the requester's data and nobody
 * else's: built with other users in the same companies and in other
 * companies, each with sessions and identities of their own, and compared
 * section by section with what was created for the requester.
 */

const AT = DateTime.fromISO('2026-03-18T15:00:00.000Z')

async function sessionOf(user: User, browser: string, minutes: number) {
  return AuthSession.create({
    userId: user.id,
    browser,
    os: `os of ${browser}`,
    ip: '203.0.113.7',
    userAgent: `agent of ${browser}`,
    expiresAt: AT.plus({ days: 30 }),
    lastUsedAt: AT.plus({ minutes }),
    revokedAt: minutes > 10 ? AT.plus({ minutes: minutes + 1 }) : null,
  })
}

async function identityOf(user: User, provider: OAuthProvider) {
  return UserIdentity.create({
    userId: user.id,
    provider,
    subject: `${provider}-${user.id}`,
    email: `${provider}.${user.email}`,
  })
}

async function membershipOf(company: Company, user: User) {
  const membership = await CompanyMember.query()
    .where({ company_id: company.id, user_id: user.id })
    .firstOrFail()
  return {
    companyId: company.id,
    companyName: company.name,
    role: membership.role,
    createdAt: membership.createdAt.toISO(),
  }
}

const sessionRow = (session: AuthSession) => ({
  id: session.id,
  browser: session.browser,
  os: session.os,
  ip: session.ip,
  userAgent: session.userAgent,
  createdAt: session.createdAt.toISO(),
  lastUsedAt: session.lastUsedAt?.toISO() ?? null,
  revokedAt: session.revokedAt?.toISO() ?? null,
})

/** The requester, in two companies with other members, and a third company it is not in */
async function crowd() {
  const acme = await companyWithOwner()
  const beta = await companyWithOwner()
  const gamma = await companyWithOwner()
  const requester = await memberOf(acme.company, 'user')
  const colleague = await memberOf(acme.company, 'admin')
  await memberOf(beta.company, 'provider').then(async (other) => {
    await sessionOf(other, 'other-provider', 3)
  })
  await CompanyMember.create({ companyId: beta.company.id, userId: requester.id, role: 'provider' })
  const outsider = await UserFactory.create()

  const sessions = [
    await sessionOf(requester, 'mine-1', 1),
    await sessionOf(requester, 'mine-2', 20),
  ]
  const identities = [await identityOf(requester, 'google'), await identityOf(requester, 'apple')]
  for (const other of [acme.owner, colleague, beta.owner, gamma.owner, outsider]) {
    await sessionOf(other, `of ${other.id}`, 2)
    await identityOf(other, 'google')
    await identityOf(other, 'microsoft')
  }
  return { requester, acme, beta, gamma, sessions, identities }
}

test.group('Profile / data export holds only the requester', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.teardown(() => {
    emitter.restore()
    drive.restore('fs')
  })

  test('every section, field by field, with other users in the same and other companies', async ({
    assert,
  }) => {
    const disk = drive.fake('fs')
    emitter.fake(['profile:data_export_ready'])
    const { requester, acme, beta, sessions, identities } = await crowd()
    const dataExport = await DataExport.create({ userId: requester.id, status: 'pending' })
    const stranger = await UserFactory.create()
    const strangers = await DataExport.create({ userId: stranger.id, status: 'pending' })

    const processor = await app.container.make(ProcessDataExports)
    assert.deepInclude(await processor.handle(), { ready: 2, failed: 0 })

    await dataExport.refresh()
    const archive = JSON.parse(await disk.get(dataExport.filePath!))
    assert.sameMembers(Object.keys(archive), [
      'exportId',
      'generatedAt',
      'profile',
      'memberships',
      'sessions',
      'identities',
    ])
    assert.equal(archive.exportId, dataExport.id)
    assert.equal(archive.profile.id, requester.id)
    assert.equal(archive.profile.email, requester.email)
    assert.sameDeepMembers(archive.memberships, [
      await membershipOf(acme.company, requester),
      await membershipOf(beta.company, requester),
    ])
    assert.sameDeepMembers(
      archive.memberships.map((row: { role: string }) => row.role),
      ['user', 'provider']
    )
    assert.sameDeepMembers(archive.sessions, sessions.map(sessionRow))
    assert.sameDeepMembers(
      archive.identities,
      identities.map(({ provider, email, createdAt }) => ({
        provider,
        email,
        createdAt: createdAt.toISO(),
      }))
    )

    /** The other archive built in the same run: the stranger's, with nothing of the requester */
    await strangers.refresh()
    const other = JSON.parse(await disk.get(strangers.filePath!))
    assert.equal(other.profile.id, stranger.id)
    assert.deepEqual([other.memberships, other.sessions, other.identities], [[], [], []])
    assert.notInclude(JSON.stringify(other), requester.id)
  })
})
