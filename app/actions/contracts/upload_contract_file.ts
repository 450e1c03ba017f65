import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import type { MultipartFile } from '@adonisjs/core/bodyparser'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Contract from '#models/contract'
import ContractHistory from '#models/contract_history'
import { freshUpload } from '#services/contracts/fresh_upload'
import ContractDocumentRequirement from '#models/contract_document_requirement'
import ContractUploadedFile from '#models/contract_uploaded_file'
import type Company from '#models/company'
import type User from '#models/user'
import FileStorageService, { type StoredFile } from '#services/files/storage_service'
import ContractEventService from '#services/contracts/event_service'
import { syncOnboardingDocument } from '#services/onboarding/contract_feed'
import { ConflictException, UnprocessableException } from '#exceptions/http_exceptions'
import { UPLOAD_STATUSES } from '#support/contract_rules'
import Clock from '#services/platform/clock'
import { recordWebhookEvent } from '#services/webhooks/events'
import ContractUploadedFileDto from '#dtos/contract_uploaded_file_dto'

/**
 * H6: a part's file for a document requirement (isDownload false). The
 * file is checked against the requirement (format by extension and by
 * its bytes, size, emptiness) before anything is written; one file per
 * document and part: a pending or rejected one is replaced, an approved
 * one is final (409).
 */
@inject()
export default class UploadContractFile {
  constructor(
    protected storage: FileStorageService,
    protected events: ContractEventService,
    protected clock: Clock
  ) {}

  async handle(
    company: Company,
    user: User,
    ids: { contractId: string; documentId: string; partId: string },
    file: MultipartFile | null
  ) {
    const contract = await Contract.findOwned(company.id, ids.contractId)
    const document = await ContractDocumentRequirement.findOf(contract.id, ids.documentId)
    if (document.isDownload) {
      throw new UnprocessableException('errors.document_provided')
    }
    const upload = await this.storage.validate(file, {
      acceptedFormats: document.acceptedFormats,
      maxFileSize: document.maxFileSize,
    })
    const stored = await this.storage.store(upload, `contracts/${contract.id}/uploads`)

    try {
      const { record, replaced } = await db.transaction((trx) =>
        this.#save(contract, document, ids.partId, user, stored, trx)
      )
      if (replaced) await this.storage.remove(replaced)
      return record
    } catch (error) {
      await this.storage.remove(stored.path)
      throw error
    }
  }

  async #save(
    found: Contract,
    document: ContractDocumentRequirement,
    partId: string,
    user: User,
    stored: StoredFile,
    trx: TransactionClientContract
  ) {
    const contract = await Contract.findOwned(found.companyId, found.id, trx)
    if (!UPLOAD_STATUSES.includes(contract.status)) {
      throw new ConflictException('errors.contract_takes_no_uploads', {
        data: { status: contract.status },
      })
    }
    const part = await trx
      .from('contract_parts')
      .where('id', partId)
      .where('contract_id', contract.id)
      .first()
    if (!part) throw new UnprocessableException('errors.part_not_found')

    const existing = await ContractUploadedFile.query({ client: trx })
      .where('document_id', document.id)
      .where('part_id', partId)
      .forUpdate()
      .first()
    if (existing?.status === 'approved') {
      throw new ConflictException('errors.document_already_approved')
    }
    const replaced = existing?.filePath ?? null
    const record = existing ?? new ContractUploadedFile()
    record.useTransaction(trx)
    record.merge({
      contractId: contract.id,
      documentId: document.id,
      partId,
      fileName: stored.fileName,
      ...freshUpload(stored, user.id, this.clock.local()),
    })
    await record.save()
    /** A provider's onboarding document of this requirement shows the borrower's file */
    await syncOnboardingDocument(record, 'saved', trx)

    await ContractHistory.create(
      {
        contractId: contract.id,
        type: 'DOCUMENT_UPLOADED',
        actorId: user.id,
        payload: { documentId: document.id, fileId: record.id, partId, sha256: stored.sha256 },
      },
      { client: trx }
    )
    const hasReviewers = await trx
      .from('contract_reviewers')
      .where('contract_id', contract.id)
      .first()
    const base = await this.events.base(
      contract,
      user,
      {
        type: 'document_uploaded',
        scope: 'contract',
        to: hasReviewers ? ['reviewers'] : ['owner'],
        path: '/uploads',
      },
      trx
    )
    await this.events.emit('contract:document_uploaded', {
      ...base,
      document: {
        id: document.id,
        name: document.name,
        fileId: record.id,
        fileName: record.fileName,
        partId,
      },
      reason: null,
    })
    /** data: H6's answer for the file (its link signed with the usual TTL) */
    await recordWebhookEvent(trx, {
      companyId: contract.companyId,
      type: 'contract.document.uploaded',
      data: ContractUploadedFileDto.fromModel(
        record,
        await this.storage.signedUrl(record.filePath)
      ),
    })
    return { record, replaced }
  }
}
