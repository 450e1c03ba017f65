import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import AuthSession from '#models/auth_session'
import CompanyMember from '#models/company_member'
import UserIdentity from '#models/user_identity'
import type User from '#models/user'

/**
 * A section of the personal data archive: returns the user's data of one
 * area as JSON. Areas add theirs with `dataExportSections.register(...)`
 * (for example from start/events.ts), and the archive gets a key per
 * section, after the `profile` key (UserDto) that ProcessDataExports puts
 * first.
 */
export type DataExportSection = (
  user: User,
  client: TransactionClientContract | undefined
) => Promise<unknown>

const sections = new Map<string, DataExportSection>()

export const dataExportSections = {
  register(name: string, section: DataExportSection) {
    sections.set(name, section)
  },

  async build(user: User, client?: TransactionClientContract) {
    const archive: Record<string, unknown> = {}
    for (const [name, section] of sections) archive[name] = await section(user, client)
    return archive
  },
}

dataExportSections.register('memberships', async (user, client) => {
  const memberships = await CompanyMember.query({ client })
    .where('user_id', user.id)
    .preload('company')
    .orderBy('created_at', 'asc')
  return memberships.map((membership) => ({
    companyId: membership.companyId,
    companyName: membership.company.name,
    role: membership.role,
    createdAt: membership.createdAt.toISO(),
  }))
})

dataExportSections.register('sessions', async (user, client) => {
  const sessions = await AuthSession.query({ client })
    .where('user_id', user.id)
    .orderBy('created_at', 'desc')
  return sessions.map((session) => ({
    id: session.id,
    browser: session.browser,
    os: session.os,
    ip: session.ip,
    userAgent: session.userAgent,
    createdAt: session.createdAt.toISO(),
    lastUsedAt: session.lastUsedAt?.toISO() ?? null,
    revokedAt: session.revokedAt?.toISO() ?? null,
  }))
})

dataExportSections.register('identities', async (user, client) => {
  const identities = await UserIdentity.query({ client }).where('user_id', user.id)
  return identities.map(({ provider, email, createdAt }) => ({
    provider,
    email,
    createdAt: createdAt.toISO(),
  }))
})
