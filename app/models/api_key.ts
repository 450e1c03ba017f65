import { type DateTime } from 'luxon'
import { scope } from '@adonisjs/lucid/orm'
import { compose } from '@adonisjs/core/helpers'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { withUuidPrimaryKey } from '#models/mixins/with_uuid_primary_key'
import { firstOrNotFound } from '#models/queries/first_or_not_found'
import { fromRowJson, rowJsonSql } from '#models/queries/row_json'
import User from '#models/user'
import Company from '#models/company'
import { asPreparedStatement } from '#support/prepared_statement'
import {
  companyReadVersionsOf,
  companyReadVersionsSql,
  readVersionSql,
  type ReadVersions,
} from '#support/read_versions'
import { ApiKeySchema } from '#database/schema'

/**
 * A company's API key (integrators): a hashed secret, the permissions it
 * may use (a subset of the role table's) and the service user that is
 * the actor of its writes.
 */
export default class ApiKey extends compose(ApiKeySchema, withUuidPrimaryKey) {
  static ownedBy = scope((query, companyId: string) => {
    query.where('api_keys.company_id', companyId)
  })

  /** Tenant finder: another company's key is 404 */
  static findOwned(companyId: string, id: string, trx?: TransactionClientContract) {
    const owned = ApiKey.query({ client: trx }).withScopes((s) => s.ownedBy(companyId))
    return firstOrNotFound(owned.where('api_keys.id', id), 'API key not found', trx)
  }

  /**
   * The authenticated floor of a key request in ONE statement: the active
   * key with this secret hash, its service user, its company and the
   * company's and directory's read versions (as a session reads them).
   */
  static async findActiveWithCompany(tokenHash: string, now: DateTime) {
    const { rows } = await asPreparedStatement(
      db.rawQuery(
        `SELECT ${rowJsonSql('k')} AS key_row, ${rowJsonSql('u')} AS user_row,
                ${rowJsonSql('c')} AS company_row,
                ${companyReadVersionsSql('k.company_id')},
                ${readVersionSql("'directory'")} AS v_directory
           FROM api_keys k
           JOIN users u ON u.id = k.user_id
           JOIN companies c ON c.id = k.company_id
          WHERE k.token_hash = ? AND k.revoked_at IS NULL
            AND (k.expires_at IS NULL OR k.expires_at > ?)`,
        [tokenHash, now.toJSDate()]
      )
    )
    if (!rows.length) return null
    const [row] = rows
    /* A key has no inbox and no memberships: those scopes never change for it */
    const versions: ReadVersions = {
      ...companyReadVersionsOf(row),
      directory: row.v_directory,
      inbox: '0',
      user: '0',
    }
    return {
      key: fromRowJson(ApiKey, row.key_row)!,
      user: fromRowJson(User, row.user_row)!,
      company: fromRowJson(Company, row.company_row)!,
      versions,
    }
  }

  /** Records a use at most once a minute (a write per request would cost more than the read) */
  static async touch(key: ApiKey, now: DateTime) {
    if (key.lastUsedAt && now.diff(key.lastUsedAt).as('minutes') < 1) return
    await db.from('api_keys').where('id', key.id).update({ last_used_at: now.toJSDate() })
  }
}
