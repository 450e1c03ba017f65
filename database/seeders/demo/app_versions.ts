import { readFile } from 'node:fs/promises'
import app from '@adonisjs/core/services/app'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import SeedAppVersions from '#actions/app_versions/seed_app_versions'
import { seedAppVersionsValidator } from '#validators/app_version'

/** The sample file `app-versions:seed` documents, reused as demo data */
export const APP_VERSIONS_EXAMPLE = 'database/data/app_versions.example.json'

/**
 * iOS and Android versions covering each forceUpdate rule (bug_fix,
 * minSupportedVersion, past deprecatedAt, stored flag), an OTA update and
 * a version not launched yet. Upserted: running it again changes nothing.
 */
export async function seedAppVersions(trx: TransactionClientContract) {
  const content = JSON.parse(await readFile(app.makePath(APP_VERSIONS_EXAMPLE), 'utf8'))
  const { versions } = await seedAppVersionsValidator.validate({ versions: content })
  return new SeedAppVersions().handle({ entries: versions }, trx)
}
