import { Settings, type Zone } from 'luxon'
import type { HttpContext } from '@adonisjs/core/http'

/**
 * The bindings `:dbZone` / `:dbZulu` of `api_timestamp(ts, :dbZone, :dbZulu)`
 * (SQL, migration create_compliance_json_functions): the zone Luxon gives
 * the timestamps Lucid reads (its default zone; `Z` when that zone is
 * Luxon's fixed UTC), so a response built in SQL carries the same text as
 * one built from models.
 */
export function apiTimestampBindings(): { dbZone: string; dbZulu: boolean } {
  const zone = Settings.defaultZone
  return { dbZone: zoneName(zone), dbZulu: zone.isUniversal }
}

/**
 * Luxon's system zone asks Intl for its name on every read (a new
 * DateTimeFormat: 5% of a list request's CPU). The process zone changes only
 * with `process.env.TZ`, so its name is read again only when TZ changes.
 */
let systemZone: { tz: string | undefined; name: string } | undefined
function zoneName(zone: Zone) {
  if (zone.type !== 'system') return zone.name
  if (!systemZone || systemZone.tz !== process.env.TZ) {
    systemZone = { tz: process.env.TZ, name: zone.name }
  }
  return systemZone.name
}

/**
 * Sends a JSON document PostgreSQL already wrote (json_build_object), as
 * is: parsing it to let the framework stringify it again would spend in
 * Node what the database just did.
 */
export function sendJsonText(response: HttpContext['response'], json: string) {
  response.header('content-type', 'application/json; charset=utf-8')
  response.send(json)
}
