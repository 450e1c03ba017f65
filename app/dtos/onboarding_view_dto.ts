import type Onboarding from '#models/onboarding'
import PartyDto from '#dtos/party_dto'
import OnboardingDocumentDto from '#dtos/onboarding_document_dto'
import DownloadDocumentDto from '#dtos/download_document_dto'
import FormFieldDto from '#dtos/form_field_dto'

/** Spec: Onboarding view (returned to the provider, A1; its file URLs die with the link) */
export default class OnboardingViewDto {
  /**
   * Needs borrowerCompany, providerCompany/providerUser, documents,
   * formFields, downloadDocuments, and the file URLs of both kinds of
   * document by id, signed for the link (ShowOnboarding)
   */
  static fromModel(onboarding: Onboarding, fileUrls: ReadonlyMap<string, string>) {
    return {
      borrower: PartyDto.fromCompany(onboarding.borrowerCompany, 'borrower'),
      provider: onboarding.providerCompany
        ? PartyDto.fromCompany(onboarding.providerCompany, 'provider')
        : PartyDto.fromUser(onboarding.providerUser, 'provider'),
      documents: OnboardingDocumentDto.fromModels(onboarding.documents, fileUrls),
      downloadDocuments: onboarding.downloadDocuments.map((document) =>
        DownloadDocumentDto.fromModel(document, fileUrls)
      ),
      formFields: onboarding.formFields.map((field) => FormFieldDto.fromModel(field)),
      expiresAt: onboarding.expiresAt.toISO()!,
      contractId: onboarding.contractId,
      message: onboarding.message ?? '',
    }
  }
}
