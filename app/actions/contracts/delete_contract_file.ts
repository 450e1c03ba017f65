import db from '@adonisjs/lucid/services/db'
import { inject } from '@adonisjs/core'
import Contract from '#models/contract'
import ContractHistory from '#models/contract_history'
import ContractUploadedFile from '#models/contract_uploaded_file'
import type Company from '#models/company'
import type User from '#models/user'
import FileStorageService from '#services/files/storage_service'
import { syncOnboardingDocument } from '#services/onboarding/contract_feed'
import { ConflictException } from '#exceptions/http_exceptions'
import { UPLOAD_STATUSES } from '#support/contract_rules'

/**
 * H7: removes an uploaded file (not once approved: 409); the stored
 * object is deleted after the transaction commits.
 */
@inject()
export default class DeleteContractFile {
  constructor(protected storage: FileStorageService) {}

  async handle(
    company: Company,
    user: User,
    ids: { contractId: string; documentId: string; fileId: string }
  ) {
    const path = await db.transaction(async (trx) => {
      const contract = await Contract.findOwned(company.id, ids.contractId, trx)
      const file = await ContractUploadedFile.findOf(contract.id, ids.fileId, trx, {
        documentId: ids.documentId,
        message: 'errors.file_not_found',
      })
      if (!UPLOAD_STATUSES.includes(contract.status) || file.status === 'approved') {
        throw new ConflictException('errors.file_locked')
      }
      await file.delete()
      /** The provider's onboarding document of this requirement is to be sent again */
      await syncOnboardingDocument(file, 'removed', trx)
      await ContractHistory.create(
        {
          contractId: contract.id,
          type: 'DOCUMENT_FILE_REMOVED',
          actorId: user.id,
          payload: { documentId: ids.documentId, fileId: ids.fileId },
        },
        { client: trx }
      )
      return file.filePath
    })
    await this.storage.remove(path)
  }
}
