import { storageFileName } from '#support/file_names'

/** What no segment of a storage key contains: separators, NUL and other controls */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const FORBIDDEN_IN_SEGMENT = /[\\/\u0000-\u001f\u007f]/

/**
 * How a stored file is handed to a browser. Only formats that cannot
 * run script from our origin are shown inline: PDF and raster images (the
 * upload checks already sniffed their bytes against the extension). Every
 * other file, HTML-capable ones included (html, xhtml, xml, svg), is an
 * `attachment` of type application/octet-stream; with
 * `X-Content-Type-Options: nosniff` the browser cannot guess otherwise.
 */
const INLINE_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
}

export interface FileDelivery {
  contentType: string
  contentDisposition: string
}

const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.')
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : ''
}

/** Content-Type and Content-Disposition of the file stored under `key` */
export function fileDelivery(key: string): FileDelivery {
  const fileName = storageFileName(key.split('/').pop() ?? '')
  const inlineType = INLINE_TYPES[extensionOf(fileName)]
  return inlineType
    ? { contentType: inlineType, contentDisposition: `inline; filename="${fileName}"` }
    : {
        contentType: 'application/octet-stream',
        contentDisposition: `attachment; filename="${fileName}"`,
      }
}

/** Longest key accepted by the file route (the keys we write are far shorter) */
const MAX_KEY_LENGTH = 1024

/**
 * The storage key of a file route path (`/files/*`), or null when it is
 * malformed: bad percent-encoding, an empty, `.` or `..` segment, or a
 * separator, NUL or control character hidden in a segment. Such a path
 * can only be a probe: it is 404, never a read outside the disk.
 */
export function parseFileKey(segments: unknown): string | null {
  if (!Array.isArray(segments) || segments.length === 0) return null
  const decoded: string[] = []
  for (const segment of segments) {
    if (typeof segment !== 'string') return null
    let value: string
    try {
      value = decodeURIComponent(segment)
    } catch {
      return null
    }
    if (value === '' || value === '.' || value === '..') return null
    if (FORBIDDEN_IN_SEGMENT.test(value)) return null
    decoded.push(value)
  }
  const key = decoded.join('/')
  return key.length <= MAX_KEY_LENGTH ? key : null
}
