import type OnboardingDocument from '#models/onboarding_document'

/**
 * Spec: OnboardingDocument (`fileUrl` is a signed URL that expires; signed
 * for the provider's link, it also dies with that link). `fileUrls`: the
 * signed URLs by document id (OnboardingFileStorage.urlsFor).
 */
export default class OnboardingDocumentDto {
  static fromModel(document: OnboardingDocument, fileUrls: ReadonlyMap<string, string>) {
    return {
      id: document.id,
      name: document.name,
      description: document.description,
      isRequired: document.isRequired,
      acceptedFormats: document.acceptedFormats,
      maxFileSize: document.maxFileSize,
      status: document.status,
      rejectionReason: document.rejectionReason,
      fileUrl: fileUrls.get(document.id) ?? null,
      fileName: document.fileName,
      uploadedAt: document.uploadedAt?.toISO() ?? null,
    }
  }

  static fromModels(documents: OnboardingDocument[], fileUrls: ReadonlyMap<string, string>) {
    return documents.map((document) => OnboardingDocumentDto.fromModel(document, fileUrls))
  }
}
