import { AuthorizationResponse, BasePolicy } from '@adonisjs/bouncer'
import type { AuthorizerResponse } from '@adonisjs/bouncer/types'
import type { HttpContext } from '@adonisjs/core/http'

/**
 * The request's bouncer, for an action that loads its record inside its
 * transaction and authorizes it there (`bouncer.with(Policy).authorize(...)`).
 */
export type RequestBouncer = HttpContext['bouncer']

/**
 * A record rule's refusal with its reason: a catalogue key and a code, the
 * body a 403 of this API carries (`{message, code}`). The exception handler
 * renders it as such (app/exceptions/error_response.ts); a plain `false`
 * stays the generic `errors.access_denied` / E_AUTHORIZATION_FAILURE.
 */
export class RecordDenial extends AuthorizationResponse {
  constructor(
    key: string,
    readonly code: string
  ) {
    super(false)
    this.message = key
    this.status = 403
  }
}

/**
 * Base of the project's policies: record rules only (role rules live in
 * the permission table and the route gate), no I/O: the caller loads the
 * record and hands it in.
 */
export default class AppPolicy extends BasePolicy {
  /** Refuses with the reason `key` (a catalogue key) and `code` */
  protected deny(key: string, code = 'E_FORBIDDEN'): AuthorizerResponse {
    return new RecordDenial(key, code)
  }

  /** Allows when `condition` holds, else refuses with the reason `key` */
  protected allowIf(condition: boolean, key: string, code?: string): AuthorizerResponse {
    return condition ? true : this.deny(key, code)
  }
}
