import { fileTypeFromBuffer } from 'file-type'

/** Extensions that are the same format */
const ALIASES: Record<string, string> = { jpeg: 'jpg', tif: 'tiff', doc: 'cfb', xls: 'cfb' }

/** Plain-text formats: no magic number, so the bytes must not sniff as a binary format */
const TEXT_FORMATS = new Set(['txt', 'csv'])

export const normalizeExtension = (extension: string) => {
  const lower = extension.replace(/^\./, '').toLowerCase()
  return ALIASES[lower] ?? lower
}

/** The extension of a client file name, lowercase, without dot ('' when none) */
export function extensionOf(fileName: string): string {
  const match = /\.([A-Za-z0-9]+)$/.exec(fileName)
  return match ? match[1].toLowerCase() : ''
}

/**
 * True when the extension is among the accepted ones and the bytes really
 * are that format (sniffed from the content, never trusted from the name
 * or the client's content type).
 */
export async function isAcceptedFile(
  bytes: Uint8Array,
  extension: string,
  acceptedFormats: string[]
): Promise<boolean> {
  const wanted = normalizeExtension(extension)
  if (!wanted || !acceptedFormats.some((format) => normalizeExtension(format) === wanted)) {
    return false
  }
  const detected = await fileTypeFromBuffer(bytes)
  if (TEXT_FORMATS.has(wanted)) return detected === undefined
  return detected !== undefined && normalizeExtension(detected.ext) === wanted
}
