import { BaseModel, column } from '@adonisjs/lucid/orm'
import { compose } from '@adonisjs/core/helpers'
import { withUuidPrimaryKey } from '#models/mixins/with_uuid_primary_key'

/** A document the provider must send in a `documents` step */
export default class ComplianceDocumentRequirement extends compose(BaseModel, withUuidPrimaryKey) {
  @column()
  declare stepId: string

  @column()
  declare position: number

  @column()
  declare name: string

  @column()
  declare description: string | null

  @column()
  declare required: boolean

  /** Extensions with the dot, lowercase (`.pdf`) */
  @column({ prepare: (value) => JSON.stringify(value ?? []) })
  declare formats: string[]
}
