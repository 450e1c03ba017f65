import { Settings } from 'luxon'
import type { HttpContext } from '@adonisjs/core/http'

/**
 * The bindings `:dbZone` / `:dbZulu` of `api_timestamp(ts, :dbZone, :dbZulu)`
 * (SQL, migration create_compliance_json_functions): the zone Luxon gives
 * the timestamps Lucid reads (its default zone; `Z` when that zone is
 * Luxon's fixed UTC), so a response built in SQL carries the same text as
 * one built from models.
 */
export function apiTimestampBindings(): { dbZone: string; dbZulu: boolean } {
  return { dbZone: Settings.defaultZone.name, dbZulu: Settings.defaultZone.isUniversal }
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
