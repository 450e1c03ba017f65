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
import type { MemberRole } from '#enums/roles'
import { UserFactory } from '#database/factories/user_factory'
import { CompanyFactory } from '#database/factories/company_factory'
import db from '@adonisjs/lucid/services/db'
import { dataExportSections } from '#services/profile/data_export_sections'
import { companyWithOwner, memberOf } from '#tests/support/tenancy'

/**
 * The personal data archive holds the requester's data and nobody
 * else's: built with other users in the same companies and in other
 * companies, each with sessions and identities of their own, and compared
 * section by section with what was created for the requester.
 */

const AT = DateTime.fromISO('2026-03-18T15:00:00.000Z')

/** A session created `created` minutes after AT; used `used` minutes after AT (null: never) */
async function sessionOf(user: User, browser: string, created: number, used: number | null) {
  return AuthSession.create({
    userId: user.id,
    browser,
    os: `os of ${browser}`,
    ip: '203.0.113.7',
    userAgent: `agent of ${browser}`,
    createdAt: AT.plus({ minutes: created }),
    expiresAt: AT.plus({ days: 30 }),
    lastUsedAt: used === null ? null : AT.plus({ minutes: used }),
    revokedAt: used !== null && used > 10 ? AT.plus({ minutes: used + 1 }) : null,
  })
}

async function identityOf(user: User, provider: OAuthProvider) {
  return UserIdentity.create({
    userId: user.id,
    provider,
    subject: `${provider}-${user.id}`,
    email: `${provider}.${user.email}`,
    createdAt: AT,
  })
}

/** A membership created `created` minutes after AT */
async function joins(user: User, company: Company, role: MemberRole, created: number) {
  await CompanyMember.create({
    companyId: company.id,
    userId: user.id,
    role,
    createdAt: AT.plus({ minutes: created }),
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

/**
 * The requester, in three companies with other members, and a fourth
 * company it is not in. Its rows are inserted in an order that is neither
 * the archive's (memberships oldest first, sessions newest first) nor its
 * reverse, so the archive's order is its own ORDER BY.
 */
async function crowd() {
  const acme = await companyWithOwner()
  const beta = await companyWithOwner()
  const delta = await companyWithOwner()
  const gamma = await companyWithOwner()
  const requester = await UserFactory.create()
  await joins(requester, acme.company, 'user', 2)
  await joins(requester, beta.company, 'provider', 1)
  await joins(requester, delta.company, 'admin', 3)
  const colleague = await memberOf(acme.company, 'admin')
  await memberOf(beta.company, 'provider').then(async (other) => {
    await sessionOf(other, 'other-provider', 2, 3)
  })
  const outsider = await UserFactory.create()

  /* Newest first: created at +3, +2 (never used), +1 */
  const mine2 = await sessionOf(requester, 'mine-2', 2, null)
  const mine1 = await sessionOf(requester, 'mine-1', 1, 1)
  const mine3 = await sessionOf(requester, 'mine-3', 3, 20)
  const sessions = [mine3, mine2, mine1]
  const identities = [await identityOf(requester, 'google'), await identityOf(requester, 'apple')]
  for (const other of [acme.owner, colleague, beta.owner, delta.owner, gamma.owner, outsider]) {
    await sessionOf(other, `of ${other.id}`, 2, 2)
    await identityOf(other, 'google')
    await identityOf(other, 'microsoft')
  }
  /* Oldest first: beta (+1), acme (+2), delta (+3) */
  const companies = [beta.company, acme.company, delta.company]
  return { requester, companies, sessions, identities }
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
    const { requester, companies, sessions, identities } = await crowd()
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
    const memberships = []
    for (const company of companies) memberships.push(await membershipOf(company, requester))
    assert.deepEqual(archive.memberships, memberships)
    assert.deepEqual(
      archive.memberships.map((row: { role: string }) => row.role),
      ['provider', 'user', 'admin']
    )
    assert.deepEqual(archive.sessions, sessions.map(sessionRow))
    assert.deepEqual(
      archive.sessions.map((row: { lastUsedAt: string | null }) => row.lastUsedAt),
      [AT.plus({ minutes: 20 }).toISO(), null, AT.plus({ minutes: 1 }).toISO()]
    )
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

test.group('Profile / data export sections read through the given transaction', () => {
  test('rows written in it, not yet committed, are in each section', async ({ assert }) => {
    const trx = await db.transaction()
    try {
      const company = await CompanyFactory.client(trx).create()
      const user = await UserFactory.client(trx).create()
      await CompanyMember.create(
        { companyId: company.id, userId: user.id, role: 'admin', createdAt: AT },
        { client: trx }
      )
      await AuthSession.create(
        { userId: user.id, browser: 'b', expiresAt: AT.plus({ days: 1 }), createdAt: AT },
        { client: trx }
      )
      await UserIdentity.create(
        { userId: user.id, provider: 'google', subject: 's', email: 'e@x.test', createdAt: AT },
        { client: trx }
      )
      const archive = (await dataExportSections.build(user, trx)) as Record<string, unknown[]>
      assert.deepEqual(
        ['memberships', 'sessions', 'identities'].map((name) => archive[name].length),
        [1, 1, 1]
      )
    } finally {
      await trx.rollback()
    }
  })
})
