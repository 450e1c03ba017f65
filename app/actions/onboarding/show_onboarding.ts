import type Onboarding from '#models/onboarding'

/**
 * A1: the onboarding with what the provider view shows (parties,
 * documents, files to download, form).
 */
export default class ShowOnboarding {
  async handle(onboarding: Onboarding) {
    await onboarding.load((loader) =>
      loader
        .load('borrowerCompany')
        .load('providerCompany')
        .load('providerUser')
        .load('documents')
        .load('downloadDocuments')
        .load('formFields')
    )
    return onboarding
  }
}
