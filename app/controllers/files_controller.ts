import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import OpenFile, { FILE_NOT_FOUND } from '#actions/files/open_file'
import { NotFoundException, UnauthorizedException } from '#exceptions/http_exceptions'
import { parseFileKey } from '#support/file_delivery'
import { UUID_V4 } from '#support/uuid'

/** The onboarding link scope of a signed URL (both ids, or none) */
function linkOf(qs: Record<string, unknown>) {
  const { onboarding, jti } = qs
  if (onboarding === undefined && jti === undefined) return null
  if (typeof onboarding !== 'string' || typeof jti !== 'string') return undefined
  if (!UUID_V4.test(onboarding) || !UUID_V4.test(jti)) return undefined
  return { onboardingId: onboarding, tokenId: jti }
}

/**
 * Files of the `fs` disk behind signed, expiring URLs (config/drive.ts).
 * A malformed path is 404 before anything else; PDF and images are shown
 * inline, everything else downloads as an octet-stream attachment, always
 * with `X-Content-Type-Options: nosniff`.
 */
export default class FilesController {
  @inject()
  async show({ params, request, response }: HttpContext, openFile: OpenFile) {
    const key = parseFileKey(params['*'])
    if (!key) throw new NotFoundException(FILE_NOT_FOUND)
    if (!request.hasValidSignature()) {
      throw new UnauthorizedException('errors.file_link_invalid')
    }
    const link = linkOf(request.qs())
    if (link === undefined) throw new NotFoundException(FILE_NOT_FOUND)

    const { metadata, delivery, stream } = await openFile.handle(key, link)
    response.header('X-Content-Type-Options', 'nosniff')
    response.header('Content-Type', delivery.contentType)
    response.header('Content-Disposition', delivery.contentDisposition)
    /** Revalidated on every use: a closed link must not live on in a cache */
    response.header('Cache-Control', 'private, no-cache')
    response.header('ETag', metadata.etag)
    response.header('Last-Modified', metadata.lastModified.toUTCString())
    if (response.fresh()) return response.status(304)
    response.header('Content-Length', String(metadata.contentLength))
    if (request.method() === 'HEAD') return response.status(200)
    return response.stream(await stream())
  }
}
