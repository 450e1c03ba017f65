import { belongsTo, hasMany } from '@adonisjs/lucid/orm'
import { compose } from '@adonisjs/core/helpers'
import type { BelongsTo, HasMany } from '@adonisjs/lucid/types/relations'
import { withUuidPrimaryKey } from '#models/mixins/with_uuid_primary_key'
import User from '#models/user'
import RefreshToken from '#models/refresh_token'
import Company from '#models/company'
import CompanyMember from '#models/company_member'
import { fromRowJson, rowJsonSql } from '#models/queries/row_json'
import db from '@adonisjs/lucid/services/db'
import { asPreparedStatement } from '#support/prepared_statement'
import {
  companyReadVersionsOf,
  companyReadVersionsSql,
  readVersionSql,
  type ReadVersions,
} from '#support/read_versions'
import { nowLocal, nowMillis } from '#support/clock'
import { AuthSessionSchema } from '#database/schema'

/**
 * A provider member's identities (CompanyMember.providerIdentitiesOf) as
 * JSON rows, read with the session on the routes whose actions need them
 * (`.gate(..., { providerIdentities: true })`): one round trip fewer for
 * each of them. Null for any other role.
 */
const providerIdentitiesSql = () => `CASE WHEN m.role = 'provider' THEN (
  SELECT json_agg(json_build_object('id', identity.id, 'links', identity.links))
    FROM (${CompanyMember.providerIdentityRowsSql(CompanyMember.providerIdsSql('s.user_id'))}) identity
  ) END`

/** The session `s` named by a token, still active (bindings: its id, its user, now) */
const ACTIVE_SESSION_SQL =
  's.id = ? AND s.user_id = ? AND s.revoked_at IS NULL AND s.expires_at > ?'

/** The floor's read versions but the directory's, of the membership `m` (its company_id, user_id) */
const FLOOR_VERSIONS_SQL = `${companyReadVersionsSql('m.company_id')},
  ${readVersionSql("'n:' || m.user_id || ':' || m.company_id")} AS v_inbox,
  ${readVersionSql("'u:' || m.user_id")} AS v_user`

/** The versions of FLOOR_VERSIONS_SQL and `v_directory` */
const floorVersionsOf = (row: Record<string, string>): ReadVersions => ({
  ...companyReadVersionsOf(row as Parameters<typeof companyReadVersionsOf>[0]),
  inbox: row.v_inbox,
  user: row.v_user,
  directory: row.v_directory,
})

/** The row findActiveWithMembership reads: each table's row as JSON (the session's as text) */
export interface FloorRow {
  session_row: string
  user_row: Record<string, unknown>
  membership_row?: Record<string, unknown> | null
  company_row?: Record<string, unknown> | null
  provider_identities?: { id: string; links: number }[] | null
}

/** What findActiveWithMembership reads: the request's user, session and membership */
export interface AuthenticatedFloor {
  /** What they were built from (AuthSession.floorOf) */
  row: FloorRow
  user: User
  /** The session model, built on first use */
  session: () => AuthSession
  /** The membership in the request's company, with the company (null: not a member or no company) */
  membership: CompanyMember | null
  /** The membership's read versions (null without one) */
  versions: ReadVersions | null
}

/**
 * A login on one device. Access tokens carry its id (`sid`), so revoking
 * the session invalidates every token issued for it.
 */
export default class AuthSession extends compose(AuthSessionSchema, withUuidPrimaryKey) {
  @belongsTo(() => User)
  declare user: BelongsTo<typeof User>

  @hasMany(() => RefreshToken, { foreignKey: 'sessionId' })
  declare refreshTokens: HasMany<typeof RefreshToken>

  /**
   * The authenticated floor in ONE statement: the active session named by
   * an access token, its user and, when the request names a company, the
   * user's membership in it with the company (null: not a member). With
   * the membership come the read versions of the company (its three
   * areas), the inbox, the user and the directory (read_versions): the
   * cached lists are served only under the versions they were read under
   * (ReadCache), and a floor read with a membership is kept by the process
   * under its user and directory versions (AuthenticatedFloors, which
   * checks them and the session with activeReadVersions on each request).
   * With `providerIdentities` (the route's actions read them), a provider
   * member's identities come too (CompanyMember.providerIdentities).
   */
  static async findActiveWithMembership(
    sessionId: string,
    userId: string,
    companyId: string | null,
    { providerIdentities = false }: { providerIdentities?: boolean } = {}
  ): Promise<AuthenticatedFloor | null> {
    const bindings = [sessionId, userId, new Date(nowMillis())]
    /* A text per form (with a company, with it and the provider identities,
       without one), so each keeps its own generic plan (a NULL company made
       PostgreSQL plan the joined form on every request) */
    const { rows } = await asPreparedStatement(
      companyId
        ? db.rawQuery(
            `SELECT ${rowJsonSql('s')}::text AS session_row, ${rowJsonSql('u')} AS user_row,
                    ${rowJsonSql('m')} AS membership_row, ${rowJsonSql('c')} AS company_row,
                    ${FLOOR_VERSIONS_SQL},
                    CASE WHEN m.company_id IS NOT NULL
                         THEN ${readVersionSql("'directory'")} ELSE 0 END AS v_directory
                    ${providerIdentities ? `, ${providerIdentitiesSql()} AS provider_identities` : ''}
               FROM auth_sessions s
               JOIN users u ON u.id = s.user_id
               LEFT JOIN company_members m ON m.user_id = s.user_id AND m.company_id = ?::uuid
               LEFT JOIN companies c ON c.id = m.company_id
              WHERE ${ACTIVE_SESSION_SQL}`,
            [companyId, ...bindings]
          )
        : db.rawQuery(
            `SELECT ${rowJsonSql('s')}::text AS session_row, ${rowJsonSql('u')} AS user_row
               FROM auth_sessions s JOIN users u ON u.id = s.user_id WHERE ${ACTIVE_SESSION_SQL}`,
            bindings
          )
    )
    if (!rows.length) return null
    const [row] = rows
    return AuthSession.floorOf(row, row.membership_row ? floorVersionsOf(row) : null)
  }

  /**
   * The floor's models built from its row as findActiveWithMembership read
   * it (`row`, never changed: a kept floor's models are built from it again,
   * AuthenticatedFloors), under `versions`
   */
  static floorOf(row: FloorRow, versions: ReadVersions | null): AuthenticatedFloor {
    const user = fromRowJson(User, row.user_row)!
    const membership = fromRowJson(CompanyMember, row.membership_row ?? null)
    membership?.$setRelated('company', fromRowJson(Company, row.company_row ?? null)!)
    if (membership && row.provider_identities) {
      membership.providerIdentitiesRead = CompanyMember.providerIdentitiesFrom(
        row.provider_identities
      )
    }
    /** Few routes need the session model (logout, password change): read as text, built on first use */
    const session = () => {
      const model = fromRowJson(AuthSession, JSON.parse(row.session_row))!
      model.$setRelated('user', user)
      return model
    }
    return { user, session, membership, versions, row }
  }

  /**
   * The read versions findActiveWithMembership reads with a membership,
   * while the session is active (null: revoked, expired, ended, or not the
   * user's): what a kept floor is checked against on each request
   * (AuthenticatedFloors), in one statement of primary-key probes.
   */
  static async activeReadVersions(
    sessionId: string,
    userId: string,
    companyId: string
  ): Promise<ReadVersions | null> {
    const { rows } = await asPreparedStatement(
      db.rawQuery(
        `SELECT ${FLOOR_VERSIONS_SQL}, ${readVersionSql("'directory'")} AS v_directory
           FROM auth_sessions s, (SELECT ?::uuid AS company_id, ?::uuid AS user_id) m
          WHERE ${ACTIVE_SESSION_SQL}`,
        [companyId, userId, sessionId, userId, new Date(nowMillis())]
      )
    )
    return rows.length ? floorVersionsOf(rows[0]) : null
  }

  /** Of these session ids, the ones that are not (or no longer) active: revoked, expired, deleted */
  static async endedAmong(sessionIds: string[]): Promise<string[]> {
    if (!sessionIds.length) return []
    const { rows } = await db.rawQuery(
      `SELECT s.id FROM unnest(?::uuid[]) AS s(id)
        WHERE NOT EXISTS (SELECT 1 FROM auth_sessions a
                           WHERE a.id = s.id AND a.revoked_at IS NULL AND a.expires_at > now())`,
      [sessionIds]
    )
    return rows.map((row: { id: string }) => row.id)
  }

  get isActive() {
    return this.revokedAt === null && this.expiresAt > nowLocal()
  }
}
