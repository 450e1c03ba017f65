import { randomUUID } from 'node:crypto'
import FileStorageService from '#services/files/storage_service'
import { LOGO_PLACEHOLDER_IN_JSON } from '#support/logo_placeholder'

/**
 * A logo written before uploads existed (seeded or imported data holding
 * an address): an absolute http(s) URL, shown as is.
 */
const EXTERNAL_URL = /^https?:\/\//i

/** Stateless: signing needs no request, so one instance serves every caller */
const storage = new FileStorageService()

/**
 * A company logo as clients see it, the one place that turns the stored
 * value into a URL (GET /company, team, clients, providers, B1/B10, H10).
 * `companies.logo` holds the Drive key of the uploaded file (private, as
 * every file): it becomes a signed, expiring, absolute URL (SIGNED_URL_TTL;
 * an HMAC, no I/O on the fs disk). A legacy absolute URL stays as it is.
 */
export function logoUrl(value: string | null | undefined): Promise<string | null> {
  if (!value) return Promise.resolve(null)
  if (EXTERNAL_URL.test(value)) return Promise.resolve(value)
  return storage.absoluteSignedUrl(value)
}

/**
 * Where a company's logo file goes: a new name per upload, so a signed URL
 * handed out before a change never serves the next logo.
 */
export function companyLogoKey(companyId: string, extension: string) {
  const format = extension.toLowerCase() === 'jpeg' ? 'jpg' : extension.toLowerCase()
  return `companies/${companyId}/logo/${randomUUID()}.${format}`
}

/** Whether a stored logo value is a file of ours (to delete when replaced) */
export function isStoredLogo(value: string | null | undefined): value is string {
  return !!value && !EXTERNAL_URL.test(value)
}

/**
 * Plain query rows with `field` (a logo column) replaced by its URL;
 * copies, so a row read twice is never signed twice.
 */
export async function withLogoUrls<Row, Field extends keyof Row>(
  rows: Row[],
  field: Field
): Promise<Row[]> {
  const urls = await Promise.all(rows.map((row) => logoUrl(row[field] as string | null)))
  return rows.map((row, index) => ({ ...row, [field]: urls[index] }))
}

/**
 * A JSON text built by PostgreSQL with its logo placeholders replaced by
 * the signed URLs of the stored keys (`logos`: company id and key). The
 * key with its colon cannot occur inside a JSON string, whose quotes are
 * escaped, so only the `logo` fields match.
 */
export async function fillLogoUrls(json: string, logos: { id: string; key: string }[]) {
  if (logos.length === 0) return json
  const urls = new Map<string, string | null>()
  await Promise.all(logos.map(async ({ id, key }) => urls.set(id, await logoUrl(key))))
  return json.replace(
    LOGO_PLACEHOLDER_IN_JSON,
    (_, id: string) => `"logo":${JSON.stringify(urls.get(id) ?? null)}`
  )
}
