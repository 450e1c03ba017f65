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
   * user's membership in it with the company (null: not a member). Read
   * on every request, never cached, so a logout or a removed membership
   * takes effect on the next request. With the membership come the read
   * versions of the company (its three areas), the inbox, the user and the
   * directory (read_versions): the cached lists are served
   * only under the versions they were read under (ReadCache). With
   * `providerIdentities` (the route's actions read them), a provider
   * member's identities come too (CompanyMember.providerIdentities).
   */
  static async findActiveWithMembership(
    sessionId: string,
    userId: string,
    companyId: string | null,
    { providerIdentities = false }: { providerIdentities?: boolean } = {}
  ) {
    const active = 's.id = ? AND s.user_id = ? AND s.revoked_at IS NULL AND s.expires_at > ?'
    const bindings = [sessionId, userId, new Date(nowMillis())]
    /* A text per form (with a company, with it and the provider identities,
       without one), so each keeps its own generic plan (a NULL company made
       PostgreSQL plan the joined form on every request) */
    const { rows } = await asPreparedStatement(
      companyId
        ? db.rawQuery(
            `SELECT ${rowJsonSql('s')}::text AS session_row, ${rowJsonSql('u')} AS user_row,
                    ${rowJsonSql('m')} AS membership_row, ${rowJsonSql('c')} AS company_row,
                    ${companyReadVersionsSql('m.company_id')},
                    ${readVersionSql("'n:' || m.user_id || ':' || m.company_id")} AS v_inbox,
                    ${readVersionSql("'u:' || m.user_id")} AS v_user,
                    CASE WHEN m.company_id IS NOT NULL
                         THEN ${readVersionSql("'directory'")} ELSE 0 END AS v_directory
                    ${providerIdentities ? `, ${providerIdentitiesSql()} AS provider_identities` : ''}
               FROM auth_sessions s
               JOIN users u ON u.id = s.user_id
               LEFT JOIN company_members m ON m.user_id = s.user_id AND m.company_id = ?::uuid
               LEFT JOIN companies c ON c.id = m.company_id
              WHERE ${active}`,
            [companyId, ...bindings]
          )
        : db.rawQuery(
            `SELECT ${rowJsonSql('s')}::text AS session_row, ${rowJsonSql('u')} AS user_row
               FROM auth_sessions s JOIN users u ON u.id = s.user_id WHERE ${active}`,
            bindings
          )
    )
    if (!rows.length) return null
    const [row] = rows
    const user = fromRowJson(User, row.user_row)!
    const membership = fromRowJson(CompanyMember, row.membership_row)
    membership?.$setRelated('company', fromRowJson(Company, row.company_row)!)
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
    const versions: ReadVersions | null = membership
      ? {
          ...companyReadVersionsOf(row),
          inbox: row.v_inbox,
          user: row.v_user,
          directory: row.v_directory,
        }
      : null
    return { user, session, membership, versions }
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
