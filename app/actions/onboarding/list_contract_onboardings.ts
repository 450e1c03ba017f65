import type Company from '#models/company'
import Onboarding from '#models/onboarding'
import Contract from '#models/contract'
import onboardingFiles from '#services/onboarding/file_storage'

/**
 * The onboardings of a contract of the borrower company, with their
 * documents and form (borrower review), and the documents' file URLs.
 */
export default class ListContractOnboardings {
  async handle(company: Company, contractId: string) {
    const contract = await Contract.findForOnboarding(company.id, contractId)
    const onboardings = await Onboarding.query()
      .where('contract_id', contract.id)
      .where('borrower_company_id', company.id)
      .preload('providerCompany')
      .preload('providerUser')
      .preload('documents')
      .preload('formFields')
      .orderBy('created_at', 'asc')
    const fileUrls = await onboardingFiles.urlsFor(
      onboardings.flatMap((onboarding) => onboarding.documents)
    )
    return { onboardings, fileUrls }
  }
}
