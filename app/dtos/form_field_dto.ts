import type OnboardingFormField from '#models/onboarding_form_field'

/** Spec: FormField */
export default class FormFieldDto {
  static fromModel(field: OnboardingFormField) {
    return {
      id: field.id,
      label: field.label,
      type: field.type,
      required: field.required,
      value: field.value,
      options: field.options,
      placeholder: field.placeholder,
    }
  }
}
