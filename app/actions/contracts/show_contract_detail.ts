import { inject } from '@adonisjs/core'
import type Company from '#models/company'
import FileStorageService from '#services/files/storage_service'
import ContractDto from '#dtos/contract_dto'
import { findContractDetail } from '#models/queries/contract_detail'

/**
 * H5 / GET /contracts/:id: the contract with everything the save payload
 * stored, the files already uploaded (signed URLs) and the signed PDF. The
 * contract and its relations are read in one statement (findContractDetail),
 * nothing of another company's.
 */
@inject()
export default class ShowContractDetail {
  constructor(protected storage: FileStorageService) {}

  async handle(company: Company, id: string) {
    const contract = await findContractDetail(company.id, id)
    const files = contract.uploadedFiles
    const urls = await this.storage.signedUrls(files.map((file) => file.filePath))
    const fileUrls = new Map(files.map((file, index) => [file.id, urls[index]!]))
    const signed = contract.signedDocumentPath
      ? await this.storage.signedUrl(contract.signedDocumentPath)
      : null
    return ContractDto.detail(contract, fileUrls, signed)
  }
}
