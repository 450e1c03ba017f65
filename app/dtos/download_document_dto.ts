import type OnboardingDownloadDocument from '#models/onboarding_download_document'
import onboardingFiles from '#services/onboarding_file_storage'

/** Spec: DownloadDocument (`fileUrl` is a signed URL that expires) */
export default class DownloadDocumentDto {
  static async fromModel(document: OnboardingDownloadDocument) {
    return {
      id: document.id,
      name: document.name,
      description: document.description,
      fileUrl: await onboardingFiles.signedUrl(document.filePath),
      fileName: document.fileName,
    }
  }
}
