import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import Contract from '#models/contract'
import ContractHistory from '#models/contract_history'
import ContractUploadedFile from '#models/contract_uploaded_file'
import type Company from '#models/company'
import type User from '#models/user'
import ContractEventService from '#services/contracts/event_service'
import { askProviderToResend, syncOnboardingDocument } from '#services/onboarding/contract_feed'
import { ConflictException } from '#exceptions/http_exceptions'
import { UPLOAD_STATUSES } from '#support/contract_rules'
import Clock from '#services/platform/clock'
import FileStorageService from '#services/files/storage_service'
import { recordWebhookEvent } from '#services/webhooks/events'
import ContractUploadedFileDto from '#dtos/contract_uploaded_file_dto'

/**
 * H11: approves or rejects an uploaded file (`docId` = the uploaded file
 * id of H10). History entry for both; the sender is notified.
 */
@inject()
export default class ReviewContractDocument {
  constructor(
    protected events: ContractEventService,
    protected clock: Clock,
    protected storage: FileStorageService
  ) {}

  handle(
    company: Company,
    user: User,
    ids: { contractId: string; fileId: string },
    decision: { status: 'approved' | 'rejected'; reason?: string }
  ) {
    return db.transaction(async (trx) => {
      const contract = await Contract.findOwned(company.id, ids.contractId, trx)
      const file = await ContractUploadedFile.findOf(contract.id, ids.fileId, trx, {
        message: 'errors.document_not_found',
      })
      await file.load('document')
      if (!UPLOAD_STATUSES.includes(contract.status)) {
        throw new ConflictException('errors.contract_takes_no_reviews', {
          data: { status: contract.status },
        })
      }
      const approved = decision.status === 'approved'
      file.merge({
        status: decision.status,
        rejectionReason: approved ? null : decision.reason!,
        reviewedBy: user.id,
        reviewedAt: this.clock.local(),
      })
      await file.save()
      /**
       * A file the provider sent through onboarding: its onboarding document
       * takes the decision, and a rejection goes back to the provider (the
       * onboarding reopens; its user is asked to resend through the link)
       * instead of to `uploadedBy`, who may be a borrower user.
       */
      const fed = await syncOnboardingDocument(file, 'saved', trx)
      if (fed && !approved) {
        await askProviderToResend(fed.onboarding, fed, contract, trx)
      }

      await ContractHistory.create(
        {
          contractId: contract.id,
          type: approved ? 'DOCUMENT_APPROVED' : 'DOCUMENT_REJECTED',
          actorId: user.id,
          payload: { documentId: file.documentId, fileId: file.id, reason: file.rejectionReason },
        },
        { client: trx }
      )
      const base = await this.events.base(
        contract,
        user,
        {
          type: approved ? 'document_approved' : 'document_rejected',
          scope: 'contract',
          to: [{ userIds: this.#sender(file, fed !== null, approved) }],
          path: approved ? '' : '/fill',
        },
        trx
      )
      await this.events.emit(
        approved ? 'contract:document_approved' : 'contract:document_rejected',
        {
          ...base,
          document: {
            id: file.documentId,
            name: file.document.name,
            fileId: file.id,
            fileName: file.fileName,
            partId: file.partId,
          },
          reason: file.rejectionReason,
        }
      )
      /** data: H11's answer for the file (its link signed with the usual TTL) */
      await recordWebhookEvent(trx, {
        companyId: contract.companyId,
        type: approved ? 'contract.document.approved' : 'contract.document.rejected',
        data: ContractUploadedFileDto.reviewed(file, await this.storage.signedUrl(file.filePath)),
      })
      return file
    })
  }

  /**
   * Who hears of the decision: the sender; for a provider's onboarding file
   * the rejection notice is the onboarding one (with the link to resend),
   * so the contract notification is not sent twice.
   */
  #sender(file: ContractUploadedFile, fed: boolean, approved: boolean) {
    if (fed && !approved) return []
    return file.uploadedBy ? [file.uploadedBy] : []
  }
}
