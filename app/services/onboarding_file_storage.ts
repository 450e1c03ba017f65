import drive from '@adonisjs/drive/services/main'
import env from '#start/env'
import { appUrl } from '#config/app'

/**
 * Onboarding files on the default Drive disk (private): clients only get
 * signed URLs that expire after SIGNED_URL_TTL.
 */
export class OnboardingFileStorage {
  #ttl = env.get('SIGNED_URL_TTL', '30m')

  keyFor(onboardingId: string, documentId: string, fileId: string, extension: string) {
    return `onboardings/${onboardingId}/${documentId}/${fileId}.${extension}`
  }

  put(key: string, contents: Uint8Array) {
    return drive.use().put(key, contents)
  }

  delete(key: string) {
    return drive.use().delete(key)
  }

  exists(key: string) {
    return drive.use().exists(key)
  }

  /** Absolute: the fs disk signs a path served by this API, made absolute with APP_URL */
  async signedUrl(key: string) {
    const url = await drive.use().getSignedUrl(key, { expiresIn: this.#ttl })
    return url.startsWith('/') ? `${appUrl.replace(/\/+$/, '')}${url}` : url
  }
}

const onboardingFiles = new OnboardingFileStorage()
export default onboardingFiles
