import type OnboardingDocument from '#models/onboarding_document'

/**
 * Spec: Upload result (one file per document, so `id` is the document's
 * id); `fileUrl`, signed for the provider's link, dies with it.
 */
export default class UploadResultDto {
  static fromModel(document: OnboardingDocument, fileUrl: string) {
    return {
      id: document.id,
      documentId: document.id,
      fileName: document.fileName!,
      fileUrl,
      status: document.status,
      uploadedAt: document.uploadedAt!.toISO()!,
    }
  }
}
