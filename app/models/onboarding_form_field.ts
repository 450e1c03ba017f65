import { compose } from '@adonisjs/core/helpers'
import { withUuidPrimaryKey } from '#models/mixins/with_uuid_primary_key'
import { OnboardingFormFieldSchema } from '#database/schema'

/**
 * A field of the onboarding's dynamic form (spec: FormField)
 *
 * Columns (database/schema.ts):
 * - `sourceKey`: The template variable key it was upserted from, if any
 */
export default class OnboardingFormField extends compose(
  OnboardingFormFieldSchema,
  withUuidPrimaryKey
) {
  get isFilled(): boolean {
    return this.value !== null && this.value.trim() !== ''
  }
}
