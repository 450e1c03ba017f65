import FileStorageService from '#services/file_storage_service'

/**
 * Onboarding files: the shared FileStorageService (validation, private
 * Drive disk, signed URLs) with the onboarding key scheme; URLs handed to
 * providers are absolute (the `fs` disk signs a path of this API).
 */
export class OnboardingFileStorage extends FileStorageService {
  keyFor(onboardingId: string, documentId: string, fileId: string, extension: string) {
    return `onboardings/${onboardingId}/${documentId}/${fileId}.${extension}`
  }

  signedUrl(key: string) {
    return this.absoluteSignedUrl(key)
  }
}

const onboardingFiles = new OnboardingFileStorage()
export default onboardingFiles
