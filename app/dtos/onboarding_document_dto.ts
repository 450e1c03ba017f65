import type Onboarding from '#models/onboarding'
import type OnboardingDocument from '#models/onboarding_document'
import onboardingFiles from '#services/onboarding/file_storage'

/**
 * Spec: OnboardingDocument (`fileUrl` is a signed URL that expires; given
 * `link`, the provider's onboarding, it also dies with that link).
 */
export default class OnboardingDocumentDto {
  static async fromModel(document: OnboardingDocument, link?: Onboarding) {
    return {
      id: document.id,
      name: document.name,
      description: document.description,
      isRequired: document.isRequired,
      acceptedFormats: document.acceptedFormats,
      maxFileSize: document.maxFileSize,
      status: document.status,
      rejectionReason: document.rejectionReason,
      fileUrl: document.filePath ? await onboardingFiles.urlFor(document.filePath, link) : null,
      fileName: document.fileName,
      uploadedAt: document.uploadedAt?.toISO() ?? null,
    }
  }

  static fromModels(documents: OnboardingDocument[], link?: Onboarding) {
    return Promise.all(documents.map((document) => OnboardingDocumentDto.fromModel(document, link)))
  }
}
