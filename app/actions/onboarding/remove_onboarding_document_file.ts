import db from '@adonisjs/lucid/services/db'
import onboardingFiles from '#services/onboarding/file_storage'
import { bestEffort } from '#support/best_effort'
import { assertDocumentChangeable } from '#services/onboarding/guards'
import { feedRemoval } from '#services/onboarding/contract_feed'
import Onboarding from '#models/onboarding'
import OnboardingDocument from '#models/onboarding_document'
import { DOCUMENT_WITHOUT_FILE } from '#support/onboarding'

/**
 * A3: the provider removes the file of a `waiting` or `rejected` document;
 * the document is `waiting` again and its file is deleted from Drive.
 */
export default class RemoveOnboardingDocumentFile {
  async handle(onboarding: Onboarding, documentId: string) {
    let removedKey: string | null = null
    const document = await db.transaction(async (trx) => {
      await Onboarding.lockOpen(onboarding.id, trx)
      const locked = await OnboardingDocument.findOwned(onboarding.id, documentId, trx)
      assertDocumentChangeable(locked, 'remove')
      removedKey = locked.filePath
      locked.merge(DOCUMENT_WITHOUT_FILE)
      await locked.useTransaction(trx).save()
      await feedRemoval(onboarding, locked, trx)
      return locked
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
