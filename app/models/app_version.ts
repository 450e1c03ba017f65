import { beforeSave, scope } from '@adonisjs/lucid/orm'
import { compose } from '@adonisjs/core/helpers'
import { withUuidPrimaryKey } from '#models/mixins/with_uuid_primary_key'
import { semverKey } from '#support/app_versions'
import { AppVersionSchema } from '#database/schema'

/**
 * Columns (database/schema.ts):
 * - `major`: Semver sort key, kept in step with `version`
 */
export default class AppVersion extends compose(AppVersionSchema, withUuidPrimaryKey) {
  @beforeSave()
  static assignSemverKey(appVersion: AppVersion) {
    if (!appVersion.$dirty.version) return
    const key = semverKey(appVersion.version)
    if (!key) throw new Error(`Invalid app version ${appVersion.version}`)
    Object.assign(appVersion, key)
  }

  /** Versions not soft-deleted */
  static notDeleted = scope((query) => {
    query.whereNull('deleted_at')
  })
}
