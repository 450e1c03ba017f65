import type Onboarding from '#models/onboarding'
import onboardingFiles from '#services/onboarding/file_storage'

const RELATIONS = ['borrowerCompany', 'documents', 'downloadDocuments', 'formFields'] as const

/**
 * A1: the onboarding with what the provider view shows (parties,
 * documents, files to download, form) and its file URLs, signed for the
 * link. Relations load one after the other: one connection per request,
 * not one per relation.
 */
export default class ShowOnboarding {
  async handle(onboarding: Onboarding) {
    for (const relation of RELATIONS) await onboarding.load(relation)
    await onboarding.load(onboarding.providerCompanyId ? 'providerCompany' : 'providerUser')
    const fileUrls = await onboardingFiles.urlsFor(
      [...onboarding.documents, ...onboarding.downloadDocuments],
      onboarding
    )
    return { onboarding, fileUrls }
  }
}
