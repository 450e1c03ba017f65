import { createHash, randomUUID } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { open } from 'node:fs/promises'
import { fileTypeFromFile } from 'file-type'
import drive from '@adonisjs/drive/services/main'
import type { MultipartFile } from '@adonisjs/core/bodyparser'
import env from '#start/env'
import { UnprocessableException } from '#exceptions/http_exceptions'
import { displayFileName, storageFileName } from '#support/file_names'
import { fileDelivery } from '#support/file_delivery'
import { appLink } from '#support/app_links'

/** Why an upload was refused (stable, for other areas that map statuses) */
export type UploadRejection = 'MISSING' | 'EMPTY' | 'FORMAT' | 'SIZE' | 'MISMATCH'

const REJECTION_MESSAGES: Record<UploadRejection, string> = {
  MISSING: 'errors.file_required',
  EMPTY: 'errors.file_empty',
  FORMAT: 'errors.format_not_accepted',
  SIZE: 'errors.file_too_large',
  MISMATCH: 'errors.file_mismatch',
}

/**
 * An upload refused by `FileStorageService.validate` (422 by default; an
 * area whose spec names another status passes `status`).
 */
export class UploadRejectedException extends UnprocessableException {
  constructor(
    public reason: UploadRejection,
    status = 422,
    message = REJECTION_MESSAGES[reason]
  ) {
    super(message)
    this.status = status
  }
}

export interface UploadRules {
  /** Extensions without dot; case-insensitive; a leading dot is ignored */
  acceptedFormats: string[]
  /** Bytes */
  maxFileSize: number
  /** Status of the refusal (422 unless the area's spec says otherwise) */
  status?: number
  /** Messages of the refusals, when the area's spec words them differently */
  messages?: Partial<Record<UploadRejection, string>>
}

export interface ValidatedUpload {
  tmpPath: string
  /** ASCII-safe name (storage keys, H6 `fileName`) */
  fileName: string
  /** The client's name made safe to store and list (see displayFileName) */
  displayName: string
  extension: string
  size: number
  mimeType: string
}

export interface StoredFile {
  path: string
  fileName: string
  size: number
  mimeType: string
  sha256: string
}

/** What the bytes of each extension must sniff as (file-type `ext`) */
const SNIFFED_AS: Record<string, string[]> = {
  jpg: ['jpg'],
  jpeg: ['jpg'],
  doc: ['cfb'],
  xls: ['cfb'],
  ppt: ['cfb'],
  tif: ['tif'],
  tiff: ['tif'],
  docx: ['docx', 'zip'],
  xlsx: ['xlsx', 'zip'],
  pptx: ['pptx', 'zip'],
}

/** Text formats have no magic number: accepted when the bytes look like text */
const TEXT_FORMATS: Record<string, string> = {
  txt: 'text/plain',
  csv: 'text/csv',
}

/** Extensions that name the same format (an accepted `jpg` accepts `.jpeg`) */
const SAME_FORMAT: Record<string, string> = { jpeg: 'jpg', tif: 'tiff' }
const formatOf = (extension: string) => {
  const lower = extension.replace(/^\./, '').toLowerCase()
  return SAME_FORMAT[lower] ?? lower
}

const SIGNED_URL_TTL = env.get('SIGNED_URL_TTL') ?? '30m'

/**
 * The onboarding link a URL is handed out through: the file route serves
 * it only while that link is alive (current token, contract not over).
 */
export interface FileLink {
  onboardingId: string
  tokenId: string
}

export interface SignedUrlOptions {
  expiresIn?: string
  link?: FileLink
}

/**
 * Private file storage on the Drive default disk, shared by every area:
 * validate an upload against its rules (format by extension AND sniffed
 * bytes, size, emptiness), store it under a sanitised name, hand out
 * signed expiring URLs, delete.
 */
export default class FileStorageService {
  /** Safe, readable file name: ASCII letters, digits, dot, dash, underscore */
  sanitizeFileName(name: string): string {
    return storageFileName(name)
  }

  async validate(file: MultipartFile | null | undefined, rules: UploadRules) {
    const reject = (reason: UploadRejection) =>
      new UploadRejectedException(reason, rules.status, rules.messages?.[reason])
    if (!file || !file.tmpPath) throw reject('MISSING')

    const displayName = displayFileName(file.clientName)
    const fileName = storageFileName(displayName)
    const extension = fileName.includes('.') ? fileName.split('.').pop()! : ''
    const accepted = rules.acceptedFormats.map(formatOf)
    if (!extension || !accepted.includes(formatOf(extension))) throw reject('FORMAT')
    if (file.size === 0) throw reject('EMPTY')
    if (file.size > rules.maxFileSize) throw reject('SIZE')

    const mimeType = await this.#sniff(file.tmpPath, extension)
    if (!mimeType) throw reject('MISMATCH')
    return { tmpPath: file.tmpPath, fileName, displayName, extension, size: file.size, mimeType }
  }

  /** Moves a validated upload into `directory` (a key prefix such as `contracts/<id>`) */
  store(upload: ValidatedUpload, directory: string): Promise<StoredFile> {
    return this.storeAs(upload, `${directory}/${randomUUID()}-${upload.fileName}`)
  }

  /** Moves a validated upload to exactly `path` (for areas with their own key scheme) */
  async storeAs(upload: ValidatedUpload, path: string): Promise<StoredFile> {
    const sha256 = await this.#hashFile(upload.tmpPath)
    await drive.use().moveFromFs(upload.tmpPath, path, { contentType: upload.mimeType })
    return { path, fileName: upload.fileName, size: upload.size, mimeType: upload.mimeType, sha256 }
  }

  /** Stores generated bytes (a PDF for instance) */
  async put(path: string, bytes: Uint8Array, contentType?: string) {
    await drive.use().put(path, bytes, { contentType })
    return {
      path,
      size: bytes.byteLength,
      sha256: createHash('sha256').update(bytes).digest('hex'),
    }
  }

  /**
   * A signed, expiring URL. The delivery headers (inline only for PDF and
   * images) travel with it so a disk that serves files itself (s3) applies
   * them too; the `fs` route computes the same ones (FilesController).
   */
  signedUrl(path: string, options: string | SignedUrlOptions = {}) {
    return this.#sign(path, typeof options === 'string' ? { expiresIn: options } : options)
  }

  /** A signed URL made absolute with APP_URL when the disk signs a local path (`fs`) */
  async absoluteSignedUrl(path: string, options: SignedUrlOptions = {}) {
    const url = await this.#sign(path, options)
    return url.startsWith('/') ? appLink(url) : url
  }

  exists(path: string) {
    return drive.use().exists(path)
  }

  /** Signed URLs for many paths (null paths stay null) */
  async signedUrls(paths: (string | null)[]) {
    return Promise.all(paths.map((path) => (path ? this.signedUrl(path) : null)))
  }

  async remove(path: string) {
    await drive.use().delete(path)
  }

  #sign(path: string, { expiresIn = SIGNED_URL_TTL, link }: SignedUrlOptions) {
    return drive.use().getSignedUrl(path, { expiresIn, ...fileDelivery(path), link })
  }

  async #sniff(tmpPath: string, extension: string): Promise<string | null> {
    const detected = await fileTypeFromFile(tmpPath)
    if (TEXT_FORMATS[extension]) {
      return !detected && (await this.#looksLikeText(tmpPath)) ? TEXT_FORMATS[extension] : null
    }
    if (!detected) return null
    const expected = SNIFFED_AS[extension] ?? [extension]
    return expected.includes(detected.ext) ? detected.mime : null
  }

  async #looksLikeText(tmpPath: string) {
    const handle = await open(tmpPath, 'r')
    try {
      const { buffer, bytesRead } = await handle.read(Buffer.alloc(8192), 0, 8192, 0)
      return !buffer.subarray(0, bytesRead).includes(0)
    } finally {
      await handle.close()
    }
  }

  #hashFile(path: string) {
    return new Promise<string>((resolve, reject) => {
      const hash = createHash('sha256')
      createReadStream(path)
        .on('data', (chunk) => hash.update(chunk))
        .on('end', () => resolve(hash.digest('hex')))
        .on('error', reject)
    })
  }
}
