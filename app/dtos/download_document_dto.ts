import type OnboardingDownloadDocument from '#models/onboarding_download_document'

/**
 * Spec: DownloadDocument (`fileUrl` is signed, expires, and dies with the
 * provider's link; `fileUrls` by document id, OnboardingFileStorage.urlsFor)
 */
export default class DownloadDocumentDto {
  static fromModel(document: OnboardingDownloadDocument, fileUrls: ReadonlyMap<string, string>) {
    return {
      id: document.id,
      name: document.name,
      description: document.description,
      fileUrl: fileUrls.get(document.id) ?? null,
      fileName: document.fileName,
    }
  }
}
