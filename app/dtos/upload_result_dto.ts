import type Onboarding from '#models/onboarding'
import type OnboardingDocument from '#models/onboarding_document'
import onboardingFiles from '#services/onboarding/file_storage'

/**
 * Spec: Upload result (one file per document, so `id` is the document's
 * id); `fileUrl` dies with the provider's link.
 */
export default class UploadResultDto {
  static async fromModel(document: OnboardingDocument, link: Onboarding) {
    return {
      id: document.id,
      documentId: document.id,
      fileName: document.fileName!,
      fileUrl: await onboardingFiles.urlFor(document.filePath!, link),
      status: document.status,
      uploadedAt: document.uploadedAt!.toISO()!,
    }
  }
}
