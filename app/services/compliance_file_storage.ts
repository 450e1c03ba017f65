import { randomUUID } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { extname } from 'node:path'
import drive from '@adonisjs/drive/services/main'
import { fileTypeFromBuffer } from 'file-type'
import type { MultipartFile } from '@adonisjs/core/bodyparser'
import env from '#start/env'
import { BadRequestException } from '#exceptions/http_exceptions'

/** Size cap of one compliance file (decisions.md, Compliance) */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024

/** What the sniffed bytes must be for each extension (OLE2 for .doc/.xls) */
const SNIFFED: Record<string, string[]> = {
  '.pdf': ['pdf'],
  '.png': ['png'],
  '.jpg': ['jpg'],
  '.jpeg': ['jpg'],
  '.docx': ['docx'],
  '.xlsx': ['xlsx'],
  '.doc': ['cfb'],
  '.xls': ['cfb'],
}
const OLE2_MAGIC = Buffer.from('d0cf11e0a1b11ae1', 'hex')

export const FORMAT_NOT_ACCEPTED = 'Formato de arquivo não aceito'

export interface CheckedUpload {
  bytes: Buffer
  fileName: string
  extension: string
  size: number
}

/**
 * Generic upload checks (kept independent of compliance so the contracts
 * upload can share it): the extension must be one of `formats` (`.pdf`),
 * the file must not be empty nor over `maxBytes`, and the bytes sniffed
 * with file-type must match the extension. Any failure is 400.
 */
export async function checkUpload(
  file: MultipartFile,
  formats: string[],
  maxBytes = MAX_UPLOAD_BYTES
): Promise<CheckedUpload> {
  const fileName = file.clientName.replace(/[\\/]/g, '_').slice(0, 255)
  const extension = extname(fileName).toLowerCase()
  if (!extension || !formats.includes(extension) || !SNIFFED[extension]) {
    throw new BadRequestException(FORMAT_NOT_ACCEPTED)
  }
  if (!file.tmpPath || !file.size) throw new BadRequestException('File is empty')
  if (file.size > maxBytes) {
    throw new BadRequestException(`File exceeds the ${Math.round(maxBytes / 1048576)} MB limit`)
  }
  const bytes = await readFile(file.tmpPath)
  if (!bytes.length) throw new BadRequestException('File is empty')
  const detected = bytes.subarray(0, 8).equals(OLE2_MAGIC) ? null : await fileTypeFromBuffer(bytes)
  const sniffed = detected === null ? 'cfb' : detected?.ext
  if (!sniffed || !SNIFFED[extension].includes(sniffed)) {
    throw new BadRequestException(FORMAT_NOT_ACCEPTED)
  }
  return { bytes, fileName, extension, size: bytes.length }
}

/** Stores the bytes privately under `prefix` and returns the Drive key */
export async function storeUpload(prefix: string, upload: CheckedUpload) {
  const key = `${prefix}/${randomUUID()}${upload.extension}`
  await drive.use().put(key, upload.bytes)
  return key
}

/** A signed URL that expires (SIGNED_URL_TTL, default 30 minutes) */
export function signedUrl(key: string) {
  return drive.use().getSignedUrl(key, { expiresIn: env.get('SIGNED_URL_TTL') ?? '30m' })
}
