import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import UploadContractFile from '#actions/contracts/upload_contract_file'
import DeleteContractFile from '#actions/contracts/delete_contract_file'
import ListContractUploads from '#actions/contracts/list_contract_uploads'
import ReviewContractDocument from '#actions/contracts/review_contract_document'
import FileStorageService from '#services/files/storage_service'
import ContractUploadedFileDto from '#dtos/contract_uploaded_file_dto'
import {
  reviewContractDocumentValidator,
  uploadContractFileValidator,
} from '#validators/contract_upload'

export default class ContractFilesController {
  /** H6: POST /contracts/:id/documents/:docId/files (multipart: file, partId) */
  @inject()
  async store(
    { request, response, params, auth, company }: HttpContext,
    upload: UploadContractFile,
    storage: FileStorageService
  ) {
    const { partId } = await request.validateUsing(uploadContractFileValidator)
    const file = await upload.handle(
      company,
      auth.getUserOrFail(),
      { contractId: params.id, documentId: params.docId, partId },
      request.file('file')
    )
    const url = await storage.signedUrl(file.filePath)
    return response.created({ data: ContractUploadedFileDto.fromModel(file, url) })
  }

  /** H7: DELETE /contracts/:id/documents/:docId/files/:fileId */
  @inject()
  async destroy({ params, response, auth, company }: HttpContext, remove: DeleteContractFile) {
    await remove.handle(company, auth.getUserOrFail(), {
      contractId: params.id,
      documentId: params.docId,
      fileId: params.fileId,
    })
    return response.noContent()
  }

  /** H10: GET /contracts/:id/uploads */
  @inject()
  async index({ params, company }: HttpContext, list: ListContractUploads) {
    return { data: await list.handle(company, params.id) }
  }

  /** H11: PATCH /contracts/:id/documents/:docId/review (docId = uploaded file id) */
  @inject()
  async review(
    { request, params, auth, company }: HttpContext,
    review: ReviewContractDocument,
    storage: FileStorageService
  ) {
    const decision = await request.validateUsing(reviewContractDocumentValidator)
    const file = await review.handle(
      company,
      auth.getUserOrFail(),
      { contractId: params.id, fileId: params.docId },
      decision
    )
    const url = await storage.signedUrl(file.filePath)
    return { data: ContractUploadedFileDto.reviewed(file, url) }
  }
}
