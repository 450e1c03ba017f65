import { belongsTo } from '@adonisjs/lucid/orm'
import { compose } from '@adonisjs/core/helpers'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import { withUuidPrimaryKey } from '#models/mixins/with_uuid_primary_key'
import User from '#models/user'
import { ComplianceStepValidatorSchema } from '#database/schema'

/** A borrower-side user who reviews a step */
export default class ComplianceStepValidator extends compose(
  ComplianceStepValidatorSchema,
  withUuidPrimaryKey
) {
  @belongsTo(() => User)
  declare user: BelongsTo<typeof User>
}
