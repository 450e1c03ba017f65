import type ContractUploadedFile from '#models/contract_uploaded_file'

/**
 * UploadedFile (H6) and the reviewed document (H10 / H11; needs `document`
 * preloaded for `name`).
 */
export default class ContractUploadedFileDto {
  static fromModel(file: ContractUploadedFile, fileUrl: string) {
    return {
      id: file.id,
      documentId: file.documentId,
      partId: file.partId,
      fileName: file.fileName,
      fileUrl,
      fileSize: file.fileSize,
      uploadedAt: file.uploadedAt.toISO()!,
    }
  }

  static reviewed(file: ContractUploadedFile, fileUrl: string) {
    return {
      id: file.id,
      documentId: file.documentId,
      name: file.document.name,
      fileName: file.fileName,
      fileUrl,
      fileSize: file.fileSize,
      status: file.status,
      rejectionReason: file.rejectionReason,
      uploadedAt: file.uploadedAt.toISO()!,
    }
  }

  /** ProviderDetailDocument (B2 / B3) */
  static provider(file: ContractUploadedFile, fileUrl: string) {
    return {
      id: file.id,
      name: file.document.name,
      fileName: file.fileName,
      fileUrl,
      fileSize: file.fileSize,
      status: file.status,
      uploadedAt: file.uploadedAt.toISO()!,
    }
  }
}
