import { Exception } from '@adonisjs/core/exceptions'

/**
 * Domain errors with a fixed status and a stable code. The handler renders
 * each as `{message, code}` (plus `details` where the spec asks for it).
 */
export class BadRequestException extends Exception {
  static status = 400
  static code = 'E_BAD_REQUEST'
}

export class UnauthorizedException extends Exception {
  static status = 401
  static code = 'E_UNAUTHORIZED'
}

export class ForbiddenException extends Exception {
  static status = 403
  static code = 'E_FORBIDDEN'
}

/**
 * 403 of the role gate. Its own code tells it apart from a record rule's
 * 403 (a policy or an action: not the named reviewer, not the author).
 */
export class RoleForbiddenException extends Exception {
  static status = 403
  static code = 'E_ROLE_FORBIDDEN'
}

export class NotFoundException extends Exception {
  static status = 404
  static code = 'E_NOT_FOUND'
}

export class ConflictException extends Exception {
  static status = 409
  static code = 'E_CONFLICT'
}

/** The resource existed and is gone for good (a closed contract's onboarding link) */
export class GoneException extends Exception {
  static status = 410
  static code = 'E_GONE'
}

export class UnprocessableException extends Exception {
  static status = 422
  static code = 'E_UNPROCESSABLE'

  constructor(
    message: string,
    public details?: Record<string, unknown>
  ) {
    super(message)
  }
}
