import { Settings } from 'luxon'
import type { HttpContext } from '@adonisjs/core/http'

/**
 * The zone `api_timestamp(ts, zone)` (SQL, migration
 * add_notification_read_marks) formats in: the one Luxon gives the
 * timestamps the DTOs format (Lucid reads them in the default zone), so a
 * response built in SQL carries the same text as one built from models.
 */
export function apiTimeZone(): string {
  return Settings.defaultZone.name
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
