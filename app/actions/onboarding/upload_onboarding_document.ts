import { randomUUID } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { MultipartFile } from '@adonisjs/core/bodyparser'
import type Onboarding from '#models/onboarding'
import type OnboardingDocument from '#models/onboarding_document'
import onboardingFiles from '#services/onboarding_file_storage'
import { BadRequestException } from '#exceptions/http_exceptions'
import { extensionOf, isAcceptedFile } from '#support/file_formats'
import { ONBOARDING_MESSAGES } from '#support/onboarding'
import {
  assertDocumentChangeable,
  lockOnboardingDocument,
  lockOpenOnboarding,
} from '#support/onboarding_guards'

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
export default class UploadOnboardingDocument {
  async handle({ onboarding, documentId, files }: Params): Promise<OnboardingDocument> {
    const fileId = randomUUID()
    let key: string | null = null
    let previousKey: string | null = null
    const document = await db
      .transaction(async (trx) => {
        await lockOpenOnboarding(onboarding.id, trx)
        const locked = await lockOnboardingDocument(onboarding.id, documentId, trx)
        assertDocumentChangeable(locked, 'upload')
        const { bytes, fileName, extension } = await this.#readSingleFile(files)
        await this.#assertAccepted(locked, bytes, extension)

        key = onboardingFiles.keyFor(onboarding.id, documentId, fileId, extension)
        await onboardingFiles.put(key, bytes)
        previousKey = locked.filePath
        locked.merge({
          status: 'uploaded',
          filePath: key,
          fileName,
          fileSize: bytes.length,
          uploadedAt: DateTime.now(),
          rejectionReason: null,
        })
        return locked.useTransaction(trx).save()
      })
      .catch(async (error) => {
        if (key) await onboardingFiles.delete(key).catch(() => {})
        throw error
      })

    if (previousKey) await onboardingFiles.delete(previousKey).catch(() => {})
    return document
  }

  async #readSingleFile(files: MultipartFile[]) {
    if (files.length === 0) throw new BadRequestException(ONBOARDING_MESSAGES.fileMissing)
    if (files.length > 1) throw new BadRequestException(ONBOARDING_MESSAGES.tooManyFiles)
    const [file] = files
    const bytes = file.tmpPath ? await readFile(file.tmpPath) : Buffer.alloc(0)
    if (bytes.length === 0) throw new BadRequestException(ONBOARDING_MESSAGES.fileEmpty)
    const fileName = file.clientName.slice(-255)
    return { bytes, fileName, extension: extensionOf(fileName) }
  }

  async #assertAccepted(document: OnboardingDocument, bytes: Buffer, extension: string) {
    if (!(await isAcceptedFile(bytes, extension, document.acceptedFormats))) {
      throw new BadRequestException(ONBOARDING_MESSAGES.formatNotAccepted)
    }
    if (bytes.length > document.maxFileSize) {
      throw new BadRequestException(ONBOARDING_MESSAGES.fileTooLarge)
    }
  }
}
