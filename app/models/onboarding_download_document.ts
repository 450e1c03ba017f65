import { compose } from '@adonisjs/core/helpers'
import { withUuidPrimaryKey } from '#models/mixins/with_uuid_primary_key'
import { OnboardingDownloadDocumentSchema } from '#database/schema'

/**
 * A file the provider may download (spec: DownloadDocument)
 *
 * Columns (database/schema.ts):
 * - `filePath`: Drive key (private disk)
 */
export default class OnboardingDownloadDocument extends compose(
  OnboardingDownloadDocumentSchema,
  withUuidPrimaryKey
) {}
