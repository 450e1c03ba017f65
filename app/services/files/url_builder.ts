import app from '@adonisjs/core/services/app'
import type { SignedURLOptions } from '@adonisjs/drive/types'
import type { FileLink } from '#services/files/storage_service'

/** Name of the route that serves the `fs` disk (start/routes/files.ts) */
export const FILE_ROUTE = 'files.show'

/** Its pattern: the route is declared with it, and the URLs are built from it */
export const FILE_ROUTE_PATTERN = '/api/v1/files/*'

/**
 * Signed URLs of the `fs` disk, pointing at our own file route (FilesController)
 * rather than Drive's built-in server, which trusts headers from the query
 * string and answers a malformed path with 500. Same format as Drive's:
 * `/api/v1/files/<key>?signature=...`. The delivery headers are not put in
 * the URL (the route computes them); a link scope is, under the signature,
 * so it cannot be stripped.
 *
 * Built from the route's pattern, not by looking the route up: the worker
 * (`node ace queue:work`) registers the routes but never commits them (no
 * HTTP server boots there), and the lookup fails. The signature is the
 * app's message verifier over the same path and query, as a lookup makes
 * it, so `request.hasValidSignature()` accepts both.
 */
export const fileUrlBuilder = {
  async generateSignedURL(key: string, _filePath: string, options: SignedURLOptions) {
    const link = options.link as FileLink | undefined
    const router = await app.container.make('router')
    /** makeSignedUrl: the typed form of the pattern signing (url_builder types lack it) */
    return router.makeSignedUrl(
      FILE_ROUTE_PATTERN,
      { '*': key.split('/') },
      {
        qs: link ? { onboarding: link.onboardingId, jti: link.tokenId } : {},
        expiresIn: options.expiresIn,
        disableRouteLookup: true,
      }
    )
  },
}
