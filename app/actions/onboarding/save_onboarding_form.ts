import db from '@adonisjs/lucid/services/db'
import { errors } from '@vinejs/vine'
import type { Infer } from '@vinejs/vine/types'
import OnboardingFormField from '#models/onboarding_form_field'
import Onboarding from '#models/onboarding'
import { feedValues } from '#services/onboarding/contract_feed'
import { formFieldValueError } from '#support/form_field_values'
import type { saveOnboardingFormValidator } from '#validators/onboarding'

type Payload = Infer<typeof saveOnboardingFormValidator>
type FieldError = { field: string; rule: string; message: string }

/**
 * A4: saves form values, all or nothing. Every id must be a field of this
 * onboarding and every value must match its field's type (422 otherwise);
 * required fields are only enforced at submission, so partial saves work.
 * An empty value clears the field; an empty list saves nothing (200).
 */
export default class SaveOnboardingForm {
  async handle(onboarding: Onboarding, { fields }: Payload) {
    await db.transaction(async (trx) => {
      await Onboarding.lockOpen(onboarding.id, trx)
      /** Nothing to save: a no-op, still refused on a closed onboarding like any save */
      if (!fields.length) return
      const ids = fields.map((field) => field.id)
      const existing = await OnboardingFormField.query({ client: trx })
        .where('onboarding_id', onboarding.id)
        .whereIn('id', ids)
      const byId = new Map(existing.map((field) => [field.id, field]))

      const problems: FieldError[] = []
      const seen = new Set<string>()
      fields.forEach(({ id, value }, index) => {
        const field = byId.get(id)
        const at = `fields.${index}`
        if (!field)
          problems.push({ field: `${at}.id`, rule: 'exists', message: 'errors.field_not_found' })
        else if (seen.has(id))
          problems.push({ field: `${at}.id`, rule: 'distinct', message: 'errors.field_repeated' })
        else if (value) {
          const message = formFieldValueError(field.type, value, field.options)
          if (message) problems.push({ field: `${at}.value`, rule: field.type, message })
        }
        seen.add(id)
      })
      if (problems.length) throw new errors.E_VALIDATION_ERROR(problems)

      for (const { id, value } of fields) {
        await byId
          .get(id)!
          .useTransaction(trx)
          .merge({ value: value || null })
          .save()
      }
      /** The values are the contract's variable values of the provider's part */
      await feedValues(
        onboarding,
        fields.map(({ id }) => byId.get(id)!),
        trx
      )
    })
  }
}
