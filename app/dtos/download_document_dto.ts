import type Onboarding from '#models/onboarding'
import type OnboardingDownloadDocument from '#models/onboarding_download_document'
import onboardingFiles from '#services/onboarding/file_storage'

/** Spec: DownloadDocument (`fileUrl` is signed, expires, and dies with the provider's link) */
export default class DownloadDocumentDto {
  static async fromModel(document: OnboardingDownloadDocument, link: Onboarding) {
    return {
      id: document.id,
      name: document.name,
      description: document.description,
      fileUrl: await onboardingFiles.urlFor(document.filePath, link),
      fileName: document.fileName,
    }
  }
}
