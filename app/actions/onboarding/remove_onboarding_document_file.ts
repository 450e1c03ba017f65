import db from '@adonisjs/lucid/services/db'
import type Onboarding from '#models/onboarding'
import onboardingFiles from '#services/onboarding/file_storage'
import { bestEffort } from '#support/best_effort'
import {
  assertDocumentChangeable,
  lockOnboardingDocument,
  lockOpenOnboarding,
} from '#services/onboarding/guards'

/**
 * A3: the provider removes the file of a `waiting` or `rejected` document;
 * the document is `waiting` again and its file is deleted from Drive.
 */
export default class RemoveOnboardingDocumentFile {
  async handle(onboarding: Onboarding, documentId: string) {
    let removedKey: string | null = null
    const document = await db.transaction(async (trx) => {
      await lockOpenOnboarding(onboarding.id, trx)
      const locked = await lockOnboardingDocument(onboarding.id, documentId, trx)
      assertDocumentChangeable(locked, 'remove')
      removedKey = locked.filePath
      locked.merge({
        status: 'waiting',
        filePath: null,
        fileName: null,
        fileSize: null,
        uploadedAt: null,
        rejectionReason: null,
      })
      return locked.useTransaction(trx).save()
    })
    if (removedKey) {
      await bestEffort(
        onboardingFiles.remove(removedKey),
        { onboardingId: onboarding.id, documentId, key: removedKey },
        'onboarding file not removed from Drive; left orphaned'
      )
    }
    return document
  }
}
