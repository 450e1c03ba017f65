import { DateTime } from 'luxon'
import { BaseModel, beforeSave, column, scope } from '@adonisjs/lucid/orm'
import { compose } from '@adonisjs/core/helpers'
import { withUuidPrimaryKey } from '#models/mixins/with_uuid_primary_key'
import {
  semverKey,
  type AppPlatform,
  type AppVersionDelivery,
  type AppVersionType,
} from '#support/app_versions'
import { withTimestamps } from '#models/mixins/with_timestamps'

export default class AppVersion extends compose(BaseModel, withUuidPrimaryKey, withTimestamps) {
  @column()
  declare platform: AppPlatform

  @column()
  declare version: string

  /** Semver sort key, kept in step with `version` */
  @column({ serializeAs: null })
  declare major: number

  @column({ serializeAs: null })
  declare minor: number

  @column({ serializeAs: null })
  declare patch: number

  @column.dateTime()
  declare launchAt: DateTime

  @column()
  declare type: AppVersionType

  @column()
  declare forceUpdate: boolean

  @column()
  declare title: string

  @column()
  declare description: string

  @column()
  declare storeUrl: string | null

  @column()
  declare delivery: AppVersionDelivery

  @column()
  declare minSupportedVersion: string

  @column.dateTime()
  declare deprecatedAt: DateTime | null

  @column()
  declare runtimeVersion: string | null

  @column()
  declare updateId: string | null

  @column.dateTime()
  declare deletedAt: DateTime | null

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
