import { inject } from '@adonisjs/core'
import type Company from '#models/company'
import FileStorageService from '#services/files/storage_service'
import readCache, { readCacheKey, textBytes } from '#services/platform/read_cache'
import ContractDto from '#dtos/contract_dto'
import { findContractDetail } from '#models/queries/contract_detail'
import { contractReadVersion, READ_SCOPES, type ReadVersions } from '#support/read_versions'

type Detail = ReturnType<typeof ContractDto.detail>

/** A detail as cached: its body without URLs, and the paths to sign on each request */
interface UnsignedDetail {
  detail: Detail
  filePaths: string[]
  signedDocumentPath: string | null
}

/**
 * H5 / GET /contracts/:id: the contract with everything the save payload
 * stored, the files already uploaded (signed URLs) and the signed PDF. The
 * contract and its relations are read in one statement (findContractDetail),
 * nothing of another company's. With the context's read versions, the
 * body is cached (ReadCache) under the contract's own version, read first
 * (`k:<contract>`: every table the detail reads raises it), and the
 * directory's; its URLs are signed on every request. A change of another
 * contract of the company leaves it cached.
 */
@inject()
export default class ShowContractDetail {
  constructor(protected storage: FileStorageService) {}

  async handle(company: Company, id: string, versions: ReadVersions | null = null) {
    /* The contract's version: a probe the cache needs, so none when it is off */
    const withContract =
      versions && readCache.enabled
        ? { ...versions, contract: await contractReadVersion(id) }
        : null
    const key = readCacheKey('contract-detail', [company.id, id])
    const unsigned = await readCache.lasting<UnsignedDetail>(
      key,
      withContract,
      READ_SCOPES['contract-detail'],
      async () => {
        const value = await this.#read(company, id)
        return { value, bytes: textBytes(JSON.stringify(value.detail)) }
      }
    )
    const urls = await this.storage.signedUrls(unsigned.filePaths)
    const signed = unsigned.signedDocumentPath
      ? await this.storage.signedUrl(unsigned.signedDocumentPath)
      : null
    return {
      ...unsigned.detail,
      uploadedFiles: unsigned.detail.uploadedFiles.map((file, index) => ({
        ...file,
        fileUrl: urls[index]!,
      })),
      signedDocument: signed,
    }
  }

  async #read(company: Company, id: string): Promise<UnsignedDetail> {
    const contract = await findContractDetail(company.id, id)
    const files = contract.uploadedFiles
    const unsignedUrls = new Map(files.map((file) => [file.id, '']))
    return {
      detail: ContractDto.detail(contract, unsignedUrls, null),
      filePaths: files.map((file) => file.filePath),
      signedDocumentPath: contract.signedDocumentPath,
    }
  }
}
