import drive from '@adonisjs/drive/services/main'
import Onboarding from '#models/onboarding'
import type { FileLink } from '#services/files/storage_service'
import { NotFoundException } from '#exceptions/http_exceptions'
import { fileDelivery } from '#support/file_delivery'

export const FILE_NOT_FOUND = 'errors.file_not_found'

/** Drive's "no such file" across disks (the cause chain of its wrapped errors) */
function isMissing(error: unknown): boolean {
  for (let current: any = error; current; current = current.cause) {
    if (['ENOENT', 'ENOTDIR', 'NoSuchKey', 'NotFound'].includes(current.code ?? current.name)) {
      return true
    }
    if (String(current.message).startsWith('Cannot get metadata of a directory')) return true
  }
  return false
}

/**
 * GET /files/* (signature already checked): the file of a valid key, with
 * its download headers. A URL handed out through an onboarding link is
 * served only while that link is alive; anything missing is 404.
 */
export default class OpenFile {
  async handle(key: string, link: FileLink | null) {
    if (link && !(await Onboarding.findLiveLink(link.onboardingId, link.tokenId))) {
      throw new NotFoundException(FILE_NOT_FOUND)
    }
    const file = drive.use().file(key)
    try {
      const metadata = await file.getMetaData()
      return { metadata, delivery: fileDelivery(key), stream: () => file.getStream() }
    } catch (error) {
      if (isMissing(error)) throw new NotFoundException(FILE_NOT_FOUND)
      throw error
    }
  }
}
