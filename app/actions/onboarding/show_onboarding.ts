import type Onboarding from '#models/onboarding'

const RELATIONS = ['borrowerCompany', 'documents', 'downloadDocuments', 'formFields'] as const

/**
 * A1: the onboarding with what the provider view shows (parties,
 * documents, files to download, form). Relations load one after the
 * other: one connection per request, not one per relation.
 */
export default class ShowOnboarding {
  async handle(onboarding: Onboarding) {
    for (const relation of RELATIONS) await onboarding.load(relation)
    await onboarding.load(onboarding.providerCompanyId ? 'providerCompany' : 'providerUser')
    return onboarding
  }
}
