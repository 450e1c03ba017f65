import { Settings, type Zone } from 'luxon'
import type { HttpContext } from '@adonisjs/core/http'

/** The last zone read by apiTimestampBindings */
let zoneRead:
  { zone: Zone; tz: string | undefined; bindings: { dbZone: string; dbZulu: boolean } } | undefined

/**
 * The bindings `:dbZone` / `:dbZulu` of `api_timestamp(ts, :dbZone, :dbZulu)`
 * (SQL, migration create_compliance_json_functions): the zone Luxon gives
 * the timestamps Lucid reads (its default zone; `Z` when that zone is
 * Luxon's fixed UTC), so a response built in SQL carries the same text as
 * one built from models.
 */
export function apiTimestampBindings(): { dbZone: string; dbZulu: boolean } {
  const zone = Settings.defaultZone
  /**
   * The system zone's `name` builds an Intl.DateTimeFormat on every read
   * (~0.1 ms a request): read again only when the zone object or the
   * process's TZ (what the system zone follows) changed.
   */
  if (zoneRead?.zone !== zone || zoneRead.tz !== process.env.TZ) {
    zoneRead = {
      zone,
      tz: process.env.TZ,
      bindings: { dbZone: zone.name, dbZulu: zone.isUniversal },
    }
  }
  return zoneRead.bindings
}

/**
 * Sends a JSON document PostgreSQL already wrote (json_build_object), as
 * is: parsing it to let the framework stringify it again would spend in
 * Node what the database just did. A Buffer (a read-cache body) holds its
 * UTF-8 bytes already.
 */
export function sendJsonText(response: HttpContext['response'], json: string | Buffer) {
  response.header('content-type', 'application/json; charset=utf-8')
  response.send(json)
}

/**
 * SQL pieces for JSON text written by format() (the hot lists; about half
 * the cost of json_build_object): each turns a column expression into its
 * JSON text, never NULL (`format('%s', NULL)` would print nothing).
 */

/** A boolean (`%s` of a boolean would print t/f) */
export const jsonBoolSql = (value: string) => `CASE WHEN ${value} THEN 'true' ELSE 'false' END`

/** A nullable string: escaped by to_json, `null` for NULL */
export const jsonTextOrNullSql = (value: string) => `coalesce(to_json(${value})::text, 'null')`

/** A nullable uuid, code or api_timestamp (no escaping needed): quoted, `null` for NULL */
export const jsonQuotedOrNullSql = (value: string) => `coalesce('"' || ${value} || '"', 'null')`

/** A nullable number or jsonb: its text, `null` for NULL */
export const jsonRawOrNullSql = (value: string) => `coalesce(${value}::text, 'null')`

/** A JSON array from a string_agg of item texts (`[]` when no row) */
export const jsonArraySql = (items: string) => `'[' || coalesce(${items}, '') || ']'`
