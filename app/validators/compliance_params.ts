import { NotFoundException } from '#exceptions/http_exceptions'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * Path ids of the compliance routes: each named one must be a UUID; a
 * malformed id cannot name a record, so it is 404 (never a database error).
 */
export function pathIds<Name extends string>(
  params: Record<string, unknown>,
  ...names: Name[]
): Record<Name, string> {
  for (const name of names) {
    if (typeof params[name] !== 'string' || !UUID.test(params[name] as string)) {
      throw new NotFoundException('Resource not found')
    }
  }
  return params as Record<Name, string>
}
