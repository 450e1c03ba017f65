import type Onboarding from '#models/onboarding'
import PartyDto from '#dtos/party_dto'
import OnboardingDocumentDto from '#dtos/onboarding_document_dto'
import FormFieldDto from '#dtos/form_field_dto'

/** An onboarding as the borrower reviews it (GET /contracts/:id/onboardings) */
export default class OnboardingDto {
  /** Needs providerCompany/providerUser, documents, formFields, and the documents' file URLs by id */
  static fromModel(onboarding: Onboarding, fileUrls: ReadonlyMap<string, string>) {
    return {
      id: onboarding.id,
      contractId: onboarding.contractId,
      providerId: onboarding.providerId,
      provider: onboarding.providerCompany
        ? PartyDto.fromCompany(onboarding.providerCompany, 'provider')
        : PartyDto.fromUser(onboarding.providerUser, 'provider'),
      status:
        onboarding.isExpired && onboarding.status === 'pending' ? 'expired' : onboarding.status,
      expiresAt: onboarding.expiresAt.toISO()!,
      submittedAt: onboarding.submittedAt?.toISO() ?? null,
      lastSentAt: onboarding.lastSentAt?.toISO() ?? null,
      message: onboarding.message,
      documents: OnboardingDocumentDto.fromModels(onboarding.documents, fileUrls),
      formFields: onboarding.formFields.map((field) => FormFieldDto.fromModel(field)),
    }
  }
}
