import app from '@adonisjs/core/services/app'
import type { SignedURLOptions } from '@adonisjs/drive/types'
import type { FileLink } from '#services/files/storage_service'

/** Name of the route that serves the `fs` disk (start/routes/files.ts) */
export const FILE_ROUTE = 'files.show'

/**
 * Signed URLs of the `fs` disk, pointing at our own file route (FilesController)
 * rather than Drive's built-in server, which trusts headers from the query
 * string and answers a malformed path with 500. Same format as Drive's:
 * `/api/v1/files/<key>?signature=...`. The delivery headers are not put in
 * the URL (the route computes them); a link scope is, under the signature,
 * so it cannot be stripped.
 */
export const fileUrlBuilder = {
  async generateSignedURL(key: string, _filePath: string, options: SignedURLOptions) {
    const router = await app.container.make('router')
    const link = options.link as FileLink | undefined
    return router
      .builder()
      .params({ '*': key.split('/') })
      .qs(link ? { onboarding: link.onboardingId, jti: link.tokenId } : {})
      .makeSigned(FILE_ROUTE, { expiresIn: options.expiresIn })
  },
}
