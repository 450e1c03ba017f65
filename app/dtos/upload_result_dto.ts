import type OnboardingDocument from '#models/onboarding_document'
import onboardingFiles from '#services/onboarding_file_storage'

/** Spec: Upload result (one file per document, so `id` is the document's id) */
export default class UploadResultDto {
  static async fromModel(document: OnboardingDocument) {
    return {
      id: document.id,
      documentId: document.id,
      fileName: document.fileName!,
      fileUrl: await onboardingFiles.signedUrl(document.filePath!),
      status: document.status,
      uploadedAt: document.uploadedAt!.toISO()!,
    }
  }
}
