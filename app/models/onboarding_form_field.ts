import { BaseModel, column } from '@adonisjs/lucid/orm'
import { compose } from '@adonisjs/core/helpers'
import { withUuidPrimaryKey } from '#models/mixins/with_uuid_primary_key'
import type { FormFieldOption, FormFieldType } from '#support/onboarding'
import { withTimestamps } from '#models/mixins/with_timestamps'

/** A field of the onboarding's dynamic form (spec: FormField) */
export default class OnboardingFormField extends compose(
  BaseModel,
  withUuidPrimaryKey,
  withTimestamps
) {
  @column()
  declare onboardingId: string

  /** The template variable key it was upserted from, if any */
  @column()
  declare sourceKey: string | null

  @column()
  declare label: string

  @column()
  declare type: FormFieldType

  @column()
  declare required: boolean

  @column({ prepare: (value) => (value === null ? null : JSON.stringify(value)) })
  declare options: FormFieldOption[] | null

  @column()
  declare placeholder: string | null

  @column()
  declare value: string | null

  @column()
  declare position: number

  get isFilled(): boolean {
    return this.value !== null && this.value.trim() !== ''
  }
}
