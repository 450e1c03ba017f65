import { BaseModel, column } from '@adonisjs/lucid/orm'
import { compose } from '@adonisjs/core/helpers'
import { withUuidPrimaryKey } from '#models/mixins/with_uuid_primary_key'
import { withTimestamps } from '#models/mixins/with_timestamps'

/** A file the provider may download (spec: DownloadDocument) */
export default class OnboardingDownloadDocument extends compose(
  BaseModel,
  withUuidPrimaryKey,
  withTimestamps
) {
  @column()
  declare onboardingId: string

  @column()
  declare sourceDocumentId: string | null

  @column()
  declare name: string

  @column()
  declare description: string | null

  /** Drive key (private disk) */
  @column()
  declare filePath: string

  @column()
  declare fileName: string

  @column()
  declare position: number
}
