import type { DateTime } from 'luxon'
import type { StoredFile } from '#services/files/storage_service'

/**
 * The columns of a contract file just (re)uploaded, by the borrower or
 * fed by an onboarding: the stored object, pending review, with nothing
 * left of a past review.
 */
export function freshUpload(stored: StoredFile, uploadedBy: string | null, uploadedAt: DateTime) {
  return {
    filePath: stored.path,
    fileSize: stored.size,
    mimeType: stored.mimeType,
    sha256: stored.sha256,
    status: 'pending' as const,
    rejectionReason: null,
    uploadedBy,
    reviewedBy: null,
    reviewedAt: null,
    uploadedAt,
  }
}
