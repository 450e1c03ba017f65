import type { HttpContext } from '@adonisjs/core/http'

/**
 * Sends a JSON body that PostgreSQL already wrote as text (the lists that
 * build their body in SQL, #12): no JSON.parse and JSON.stringify in Node.
 */
export function sendJsonText(response: HttpContext['response'], json: string) {
  response.header('Content-Type', 'application/json; charset=utf-8')
  response.send(json)
}
