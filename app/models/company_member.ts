import { randomUUID } from 'node:crypto'
import { belongsTo } from '@adonisjs/lucid/orm'
import { compose } from '@adonisjs/core/helpers'
import db from '@adonisjs/lucid/services/db'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import type { QueryClientContract, TransactionClientContract } from '@adonisjs/lucid/types/database'
import { withUuidPrimaryKey } from '#models/mixins/with_uuid_primary_key'
import Company from '#models/company'
import User from '#models/user'
import type { MemberRole } from '#enums/roles'
import { NotFoundException } from '#exceptions/http_exceptions'
import { asPreparedStatement, prepared, type BuiltQueryPlan } from '#support/prepared_statement'
import { nowUtc } from '#support/clock'
import { CompanyMemberSchema } from '#database/schema'

/**
 * The provider links under which a provider's reads are prepared
 * (CompanyMember.providerIdentitiesOf); a setting object so that tests can
 * lower it.
 */
export const providerLinks = { few: 1000 }

/** The ids a user acts for as provider (user first) and how its links' reads are planned */
export interface ProviderIdentities {
  ids: string[]
  plan: BuiltQueryPlan
}

/** A company of a user with the user's role in it, as read for GET /company */
export interface CompanyWithRoleRow {
  id: string
  name: string
  trade_name: string | null
  document: string
  email: string | null
  phone: string | null
  logo: string | null
  timezone: string
  created_at: Date
  updated_at: Date
  role: MemberRole
}

/** Parties named by a request: companies (legal entities) and users (people) */
export interface PartyIds {
  companyIds?: readonly string[]
  userIds?: readonly string[]
}

export default class CompanyMember extends compose(CompanyMemberSchema, withUuidPrimaryKey) {
  @belongsTo(() => Company)
  declare company: BelongsTo<typeof Company>

  @belongsTo(() => User)
  declare user: BelongsTo<typeof User>

  /**
   * The companies the user OWNS, as a subquery: a legal entity acts
   * through its owner, so these are the companies the user acts for as
   * provider (with `providerIdsOf`, the one definition of it).
   */
  static ownedCompanyIds(userId: string, client?: QueryClientContract) {
    return (client ?? db)
      .from('company_members')
      .select('company_id')
      .where('user_id', userId)
      .where('role', 'owner')
  }

  /** The companies the user owns: the legal entities it acts for as provider */
  static ownedCompanies(userId: string) {
    return Company.query()
      .whereIn('id', CompanyMember.ownedCompanyIds(userId))
      .orderBy('created_at')
  }

  /**
   * The owner user a legal entity is reached through: its oldest OWNER
   * member with an e-mail (whatever its other memberships), or null.
   */
  static ownerOf(companyId: string, trx?: TransactionClientContract) {
    return CompanyMember.query({ client: trx })
      .where('company_id', companyId)
      .where('role', 'owner')
      .whereHas('user', (user) => user.whereNotNull('email').whereNot('email', ''))
      .preload('user')
      .orderBy('created_at', 'asc')
      .first()
  }

  /** Whether the user is an owner of the company (reads in `trx` when given) */
  static async isOwner(companyId: string, userId: string, trx?: TransactionClientContract) {
    const row = await CompanyMember.query({ client: trx })
      .where({ company_id: companyId, user_id: userId, role: 'owner' })
      .first()
    return row !== null
  }

  /** Whether the user is a member of the company (any role) */
  static async isMember(companyId: string, userId: string) {
    const row = await db
      .from('company_members')
      .where({ company_id: companyId, user_id: userId })
      .select(db.raw('1'))
      .first()
    return row !== null && row !== undefined
  }

  /** Of these (user, company) pairs, the ones that are not (or no longer) a membership */
  static async endedAmong(pairs: { userId: string; companyId: string }[]) {
    if (!pairs.length) return []
    const { rows } = await db.rawQuery(
      `SELECT m.u AS "userId", m.c AS "companyId" FROM unnest(?::uuid[], ?::uuid[]) AS m(u, c)
        WHERE NOT EXISTS (SELECT 1 FROM company_members cm WHERE cm.user_id = m.u AND cm.company_id = m.c)`,
      [pairs.map((pair) => pair.userId), pairs.map((pair) => pair.companyId)]
    )
    return rows as { userId: string; companyId: string }[]
  }

  /**
   * The provider ids the user acts for (provider side, B/C): the user id
   * (natural person) and every company the user owns (legal entity).
   */
  static async providerIdsOf(userId: string, client?: QueryClientContract) {
    const owned: { company_id: string }[] = await prepared(
      CompanyMember.ownedCompanyIds(userId, client)
    )
    return [userId, ...owned.map((row) => row.company_id)]
  }

  /**
   * providerIdsOf, with how the reads of the user's provider links are
   * planned (`plan`): prepared and kept (`kept`) while they are few, at
   * most `providerLinks.few` PROVIDER parts in all (counted up to one more,
   * index-only, per identity), else planned on each run. The provider
   * area's reads were planned on every request (0.5-0.8 ms each, for
   * 0.05 ms of running, most of an ordinary provider's database time),
   * but a generic plan read a provider of 180,000 links 2-3x slower.
   * `client`: a transaction's, for a write that reads them in it.
   */
  static async providerIdentitiesOf(
    userId: string,
    client?: QueryClientContract
  ): Promise<ProviderIdentities> {
    const { rows } = await asPreparedStatement(
      (client ?? db).rawQuery(
        CompanyMember.providerIdentityRowsSql(CompanyMember.PROVIDER_IDS_SQL),
        { userId }
      )
    )
    return CompanyMember.providerIdentitiesFrom(rows)
  }

  /**
   * providerIdentitiesOf's rows (`id`, `links`: its PROVIDER parts, up to
   * one more than `providerLinks.few`) of the provider ids `idsSql`
   * selects (column `id`)
   */
  static providerIdentityRowsSql(idsSql: string) {
    /** An identity's parts by one column (a user's by user_id, a company's by company_id) */
    const linksBy = (column: string) =>
      `(SELECT count(*)::int FROM (SELECT FROM contract_parts p
         WHERE p.${column} = ids.id AND p.role = 'PROVIDER' LIMIT ${providerLinks.few + 1}) counted)`
    return `SELECT ids.id, ${linksBy('user_id')} + ${linksBy('company_id')} AS links
              FROM (${idsSql}) ids`
  }

  /** The identities of providerIdentityRowsSql's rows (the user's first) */
  static providerIdentitiesFrom(rows: { id: string; links: number }[]): ProviderIdentities {
    const links = rows.reduce((sum, row) => sum + row.links, 0)
    return {
      ids: rows.map((row) => row.id),
      plan: links <= providerLinks.few ? 'kept' : 'each run',
    }
  }

  /**
   * The provider ids of the user `userIdSql` names (SQL), as a subquery of
   * column `id`: the user, then the companies it owns
   */
  static providerIdsSql(userIdSql: string) {
    return `SELECT ${userIdSql} AS id
    UNION ALL
    SELECT company_id FROM company_members WHERE user_id = ${userIdSql} AND role = 'owner'`
  }

  /**
   * providerIdsOf as a subquery of column `id`, for a statement that reads
   * it in place (C1's one statement); the user id is the named binding
   * `:userId`.
   */
  static PROVIDER_IDS_SQL = CompanyMember.providerIdsSql('CAST(:userId AS uuid)')

  /**
   * This member's provider identities (providerIdentitiesOf), read once:
   * with the session on the routes that need them (JwtGuard), else on
   * first use (`client`: a transaction's, for a write that holds one).
   */
  async providerIdentities(client?: QueryClientContract): Promise<ProviderIdentities> {
    this.providerIdentitiesRead ??= await CompanyMember.providerIdentitiesOf(this.userId, client)
    return this.providerIdentitiesRead
  }

  /** Set when read with the session (AuthSession.findActiveWithMembership); not a column */
  providerIdentitiesRead?: ProviderIdentities

  /**
   * The user's memberships, oldest first, each as its company's list
   * fields and the role (GET /company, on every screen load): one joined
   * statement, plain rows (CompanyDto.fromRow), no model hydration.
   */
  static async companiesOfUser(userId: string): Promise<CompanyWithRoleRow[]> {
    const { rows } = await asPreparedStatement(
      db.rawQuery(
        `SELECT c.id, c.name, c.trade_name, c.document, c.email, c.phone, c.logo, c.timezone,
              c.created_at, c.updated_at, m.role
         FROM company_members m JOIN companies c ON c.id = m.company_id
        WHERE m.user_id = ? ORDER BY m.created_at ASC, m.id ASC`,
        [userId]
      )
    )
    return rows
  }

  /**
   * Consent (DESIGN.md Tenancy): the ids among `parties` that
   * are NOT linked to borrower company `companyId` (companies, then users). A
   * party is linked when it is the company itself, a user with any
   * membership in it, or a company one of whose owners holds a `provider`
   * membership in it. E4 registrations and accepted invitations create
   * exactly those memberships; an id that exists elsewhere, or nowhere,
   * is unlinked alike, so the answer never reveals that it exists.
   */
  static async unlinkedParties(
    companyId: string,
    { companyIds = [], userIds = [] }: PartyIds,
    trx?: TransactionClientContract
  ): Promise<string[]> {
    const users = [...new Set(userIds)]
    const others = [...new Set(companyIds)].filter((id) => id !== companyId)
    /** Both checks in one round trip */
    const checks: string[] = []
    const bindings: Array<string | string[]> = []
    if (users.length) {
      checks.push(`SELECT DISTINCT 'user' AS kind, user_id AS id FROM company_members
                    WHERE company_id = ? AND user_id = ANY(?::uuid[])`)
      bindings.push(companyId, users)
    }
    if (others.length) {
      checks.push(`SELECT DISTINCT 'company' AS kind, company_id AS id FROM company_members
                    WHERE company_id = ANY(?::uuid[]) AND role = 'owner'
                      AND user_id IN (SELECT user_id FROM company_members
                                       WHERE company_id = ? AND role = 'provider')`)
      bindings.push(others, companyId)
    }
    const linkedUsers = new Set<string>()
    const linkedCompanies = new Set<string>([companyId])
    if (checks.length) {
      const { rows } = await (trx ?? db).rawQuery(checks.join(' UNION ALL '), bindings)
      for (const row of rows as { kind: string; id: string }[]) {
        ;(row.kind === 'user' ? linkedUsers : linkedCompanies).add(row.id)
      }
    }
    return [
      ...companyIds.filter((id) => !linkedCompanies.has(id)),
      ...userIds.filter((id) => !linkedUsers.has(id)),
    ]
  }

  /**
   * Gives the user the role in the company unless they already belong to
   * it (any role is kept); true when the membership was created. Safe
   * against a concurrent grant (unique company_id + user_id).
   */
  static async grant(
    companyId: string,
    userId: string,
    role: MemberRole,
    trx: TransactionClientContract
  ) {
    const now = nowUtc().toJSDate()
    const inserted = await trx
      .knexQuery()
      .table('company_members')
      .insert({
        id: randomUUID(),
        company_id: companyId,
        user_id: userId,
        role,
        created_at: now,
        updated_at: now,
      })
      .onConflict(['company_id', 'user_id'])
      .ignore()
      .returning('id')
    return inserted.length > 0
  }

  /**
   * The membership of a user in the company, locked in the transaction,
   * with its user; 404 `Member not found` otherwise.
   */
  static async findMember(companyId: string, userId: string, trx: TransactionClientContract) {
    const member = await CompanyMember.query({ client: trx })
      .where({ company_id: companyId, user_id: userId })
      .preload('user')
      .forUpdate()
      .first()
    if (!member) throw new NotFoundException('errors.member_not_found')
    return member
  }

  /**
   * The number of owners of the company, their rows locked in the
   * transaction, so two requests cannot both take away "another" owner.
   */
  static async lockedOwnerCount(companyId: string, trx: TransactionClientContract) {
    const owners = await trx
      .from('company_members')
      .select('id')
      .where({ company_id: companyId, role: 'owner' })
      .forUpdate()
    return owners.length
  }
}
