import { inject } from '@adonisjs/core'
import { randomUUID } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'
import type { MultipartFile } from '@adonisjs/core/bodyparser'
import onboardingFiles from '#services/onboarding/file_storage'
import { bestEffort } from '#support/best_effort'
import { BadRequestException } from '#exceptions/http_exceptions'
import { ONBOARDING_MESSAGES } from '#support/onboarding'
import { assertDocumentChangeable } from '#services/onboarding/guards'
import { feedUpload } from '#services/onboarding/contract_feed'
import Onboarding from '#models/onboarding'
import OnboardingDocument from '#models/onboarding_document'
import Clock from '#services/platform/clock'

/** A2's refusals (400) in the area's words */
const UPLOAD_MESSAGES = {
  MISSING: ONBOARDING_MESSAGES.fileMissing,
  EMPTY: ONBOARDING_MESSAGES.fileEmpty,
  FORMAT: ONBOARDING_MESSAGES.formatNotAccepted,
  MISMATCH: ONBOARDING_MESSAGES.formatNotAccepted,
  SIZE: ONBOARDING_MESSAGES.fileTooLarge,
}

interface Params {
  onboarding: Onboarding
  documentId: string
  /** Every file sent in the `file` field */
  files: MultipartFile[]
}

/**
 * A2: the provider sends the file of a `waiting` or `rejected` document.
 * The bytes are checked against the document's formats (sniffed) and
 * size, stored privately in Drive, and the document becomes `uploaded`.
 */
@inject()
export default class UploadOnboardingDocument {
  constructor(protected clock: Clock) {}

  async handle({ onboarding, documentId, files }: Params) {
    const fileId = randomUUID()
    let key: string | null = null
    let previousKey: string | null = null
    let replacedContractKey: string | null = null
    const document = await db
      .transaction(async (trx) => {
        await Onboarding.lockOpen(onboarding.id, trx)
        const locked = await OnboardingDocument.findOwned(onboarding.id, documentId, trx)
        assertDocumentChangeable(locked, 'upload')
        const file = this.#singleFile(files)
        const upload = await onboardingFiles.validate(file, {
          acceptedFormats: locked.acceptedFormats,
          maxFileSize: locked.maxFileSize,
          status: 400,
          messages: UPLOAD_MESSAGES,
        })

        key = onboardingFiles.keyFor(onboarding.id, documentId, fileId, upload.extension)
        const stored = await onboardingFiles.storeAs(upload, key)
        previousKey = locked.filePath
        locked.merge({
          status: 'uploaded',
          filePath: key,
          fileName: upload.displayName,
          fileSize: upload.size,
          uploadedAt: this.clock.local(),
          rejectionReason: null,
        })
        await locked.useTransaction(trx).save()
        /** The same file is the contract's file of the provider's part (docs/decisions.md) */
        replacedContractKey = await feedUpload(onboarding, locked, stored, trx)
        return locked
      })
      .catch(async (error) => {
        if (key) await this.#remove(key, onboarding, documentId)
        throw error
      })

    if (previousKey) await this.#remove(previousKey, onboarding, documentId)
    if (replacedContractKey && replacedContractKey !== previousKey) {
      await this.#remove(replacedContractKey, onboarding, documentId)
    }
    return { document, fileUrl: await onboardingFiles.urlFor(document.filePath!, onboarding) }
  }

  /** Deletes a stored file; a failure leaves an orphan in Drive, logged, and the answer stands */
  #remove(key: string, onboarding: Onboarding, documentId: string) {
    return bestEffort(
      onboardingFiles.remove(key),
      { onboardingId: onboarding.id, documentId, key },
      'onboarding file not removed from Drive; left orphaned'
    )
  }

  /** One file in `file`, not empty (checked before the format, as A2 lists them) */
  #singleFile(files: MultipartFile[]) {
    if (files.length === 0) throw new BadRequestException(ONBOARDING_MESSAGES.fileMissing)
    if (files.length > 1) throw new BadRequestException(ONBOARDING_MESSAGES.tooManyFiles)
    const [file] = files
    if (!file.tmpPath || !file.size) throw new BadRequestException(ONBOARDING_MESSAGES.fileEmpty)
    return file
  }
}
