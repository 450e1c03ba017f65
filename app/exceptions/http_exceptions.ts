import type { Phrase } from '#support/i18n'
import { Exception } from '@adonisjs/core/exceptions'

/**
 * What a domain error carries besides its message key: the values the
 * message interpolates (`{ids}` in `errors.providers_not_found`), a code
 * more precise than the class's, and `details` where the spec asks for them.
 */
export interface MessageOptions {
  data?: Record<string, string | number | Phrase[]>
  code?: string
  details?: unknown
  cause?: unknown
}

/**
 * A domain error's message is a key of the translation catalogue
 * (resources/lang/<locale>/errors.json, `errors.<name>`), never text: the
 * exception handler renders it in the request's language. The code stays
 * language-neutral for clients to branch on.
 */
export class LocalizedException extends Exception {
  data?: Record<string, string | number | Phrase[]>
  details?: unknown

  constructor(key: string, options: MessageOptions = {}) {
    super(key, { code: options.code, cause: options.cause })
    this.data = options.data
    if (options.details !== undefined) this.details = options.details
  }
}

/**
 * Domain errors with a fixed status and a stable code. The handler renders
 * each as `{message, code}` (plus `details` where the spec asks for it).
 */
export class BadRequestException extends LocalizedException {
  static status = 400
  static code = 'E_BAD_REQUEST'
}

export class UnauthorizedException extends LocalizedException {
  static status = 401
  static code = 'E_UNAUTHORIZED'
}

export class ForbiddenException extends LocalizedException {
  static status = 403
  static code = 'E_FORBIDDEN'
}

/**
 * 403 of the role gate. Its own code tells it apart from a record rule's
 * 403 (a policy or an action: not the named reviewer, not the author).
 */
export class RoleForbiddenException extends LocalizedException {
  static status = 403
  static code = 'E_ROLE_FORBIDDEN'
}

export class NotFoundException extends LocalizedException {
  static status = 404
  static code = 'E_NOT_FOUND'
}

export class ConflictException extends LocalizedException {
  static status = 409
  static code = 'E_CONFLICT'
}

/** The resource existed and is gone for good (a closed contract's onboarding link) */
export class GoneException extends LocalizedException {
  static status = 410
  static code = 'E_GONE'
}

export class UnprocessableException extends LocalizedException {
  static status = 422
  static code = 'E_UNPROCESSABLE'
}
