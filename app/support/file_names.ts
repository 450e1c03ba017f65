/**
 * File names, the one place every upload's name goes through: what
 * a client sends as a name is display text, never a path.
 */

/** Control characters (C0, DEL, C1) and the bidi controls that disguise an extension */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g

/** Longest display name kept, in characters (the columns hold 255) */
export const MAX_FILE_NAME_LENGTH = 150

/** Keeps `name.ext` within `max` characters, cutting the stem (code points, not UTF-16 units) */
function capKeepingExtension(name: string, max: number) {
  const chars = Array.from(name)
  if (chars.length <= max) return name
  const dot = name.lastIndexOf('.')
  const extension = dot > 0 ? Array.from(name.slice(dot)) : []
  if (extension.length > 16) return chars.slice(0, max).join('')
  return (
    chars
      .slice(0, max - extension.length)
      .join('')
      .trimEnd() + extension.join('')
  )
}

/**
 * The name an upload is stored and listed under: its last path segment,
 * without control or bidi characters, `..` runs or leading dots, spaces
 * collapsed, capped at MAX_FILE_NAME_LENGTH keeping the extension.
 * `../../../../etc/passwd.pdf` -> `passwd.pdf`; empty -> `file`.
 */
export function displayFileName(name: string): string {
  const base = name.normalize('NFC').replace(INVISIBLE, '').split(/[\\/]/).pop() ?? ''
  const cleaned = base
    .replace(/\.{2,}/g, '.')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.]+/, '')
    .trim()
  return capKeepingExtension(cleaned, MAX_FILE_NAME_LENGTH) || 'file'
}

/**
 * The display name reduced to ASCII letters, digits, dot, dash and
 * underscore, extension lower-cased: for storage keys and for the
 * `filename` of a download.
 */
export function storageFileName(name: string): string {
  const cleaned = displayFileName(name)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^[-.]+/, '')
  const dot = cleaned.lastIndexOf('.')
  const stem = (dot > 0 ? cleaned.slice(0, dot) : cleaned).slice(0, 100) || 'file'
  const extension = dot > 0 ? cleaned.slice(dot + 1).toLowerCase() : ''
  return extension ? `${stem}.${extension}` : stem
}
