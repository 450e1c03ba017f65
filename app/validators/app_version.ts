import vine from '@vinejs/vine'
import { APP_PLATFORMS, APP_VERSION_DELIVERIES, APP_VERSION_TYPES } from '#support/app_versions'
import { semverField } from '#validators/rules/semver'

/** GET /app/versions query */
export const checkAppVersionValidator = vine.create({
  currentVersion: semverField(),
  platform: vine.enum(APP_PLATFORMS),
  runtimeVersion: vine.string().trim().maxLength(64).optional(),
  updateId: vine.string().trim().maxLength(128).optional(),
})

const timestamp = () => vine.date({ formats: ['iso8601'] })

/** One entry of an `app-versions:seed` file */
const appVersionEntry = vine.object({
  platform: vine.enum(APP_PLATFORMS),
  version: semverField(),
  launchAt: timestamp(),
  type: vine.enum(APP_VERSION_TYPES),
  forceUpdate: vine.boolean({ strict: true }).optional(),
  title: vine.string().trim().minLength(1).maxLength(255),
  description: vine.string().trim().maxLength(5000),
  storeUrl: vine.string().trim().url().maxLength(500).nullable().optional(),
  delivery: vine.enum(APP_VERSION_DELIVERIES).optional(),
  minSupportedVersion: semverField(),
  deprecatedAt: timestamp().nullable().optional(),
  runtimeVersion: vine.string().trim().maxLength(64).nullable().optional(),
  updateId: vine.string().trim().maxLength(128).nullable().optional(),
})

/** The whole `app-versions:seed` file: a non-empty array of versions */
export const seedAppVersionsValidator = vine.create({
  versions: vine.array(appVersionEntry).minLength(1),
})

/** `app-versions:delete <platform> <version>` */
export const appVersionKeyValidator = vine.create({
  platform: vine.enum(APP_PLATFORMS),
  version: semverField(),
})
