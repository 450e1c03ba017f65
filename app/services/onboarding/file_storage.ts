import type Onboarding from '#models/onboarding'
import FileStorageService, { type SignedUrlOptions } from '#services/files/storage_service'

/**
 * Onboarding files: the shared FileStorageService (validation, private
 * Drive disk, signed URLs) with the onboarding key scheme; URLs handed to
 * providers are absolute (the `fs` disk signs a path of this API).
 */
export class OnboardingFileStorage extends FileStorageService {
  keyFor(onboardingId: string, documentId: string, fileId: string, extension: string) {
    return `onboardings/${onboardingId}/${documentId}/${fileId}.${extension}`
  }

  signedUrl(key: string, options: SignedUrlOptions = {}) {
    return this.absoluteSignedUrl(key, options)
  }

  /**
   * A URL handed out through the provider's link (A1, A2): it stops
   * downloading when the link dies (renewed, expired, contract over).
   * Without `link` (borrower side) the URL only expires with its TTL.
   */
  urlFor(key: string, link?: Pick<Onboarding, 'id' | 'tokenId'>) {
    return this.signedUrl(
      key,
      link ? { link: { onboardingId: link.id, tokenId: link.tokenId } } : {}
    )
  }

  /** URLs of the documents' files by document id (a document without a file has none) */
  async urlsFor(
    documents: { id: string; filePath: string | null }[],
    link?: Pick<Onboarding, 'id' | 'tokenId'>
  ): Promise<Map<string, string>> {
    const withFile = documents.filter((document) => document.filePath)
    const urls = await Promise.all(
      withFile.map((document) => this.urlFor(document.filePath!, link))
    )
    return new Map(withFile.map((document, index) => [document.id, urls[index]]))
  }
}

const onboardingFiles = new OnboardingFileStorage()
export default onboardingFiles
