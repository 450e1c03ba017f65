import { errors as vineErrors } from '@vinejs/vine'
import { errors as limiterErrors } from '@adonisjs/limiter'

export interface ErrorResponse {
  status: number
  body: { message: string; code?: string; details?: unknown; errors?: unknown[] }
  headers?: Record<string, string | number>
}

interface ErrorLike {
  status?: number
  code?: string
  message?: string
  details?: unknown
  type?: string
}

/** Messages that replace the framework's own (they can echo input) */
const MESSAGES_BY_CODE: Record<string, string> = {
  E_ROUTE_NOT_FOUND: 'Route not found',
  E_UNAUTHORIZED_ACCESS: 'Unauthenticated',
  E_ROW_NOT_FOUND: 'Resource not found',
  E_REQUEST_ENTITY_TOO_LARGE: 'Request body too large',
}

/** PostgreSQL errors that bad input can still reach (defence in depth) */
const POSTGRES_ERRORS: Record<string, [number, string]> = {
  '22P02': [400, 'Invalid value in request'],
  '22001': [422, 'A value is too long'],
  '22003': [422, 'A number is out of range'],
  '22007': [422, 'Invalid date'],
  '22008': [422, 'Invalid date'],
  '23505': [409, 'Resource already exists'],
}

/**
 * Turns any thrown value into the response the API promises: `{message}`
 * with a 4xx status for what the client can fix, 500 with a generic
 * message otherwise. Never a stack trace or SQL text.
 */
export function toErrorResponse(error: unknown): ErrorResponse {
  if (error instanceof vineErrors.E_VALIDATION_ERROR) {
    const messages = error.messages as { field: string; rule: string; message: string }[]
    return {
      status: 422,
      body: {
        message: messages[0]?.message ?? 'Validation failed',
        code: 'E_VALIDATION_ERROR',
        errors: messages.map(({ field, rule, message }) => ({ field, rule, message })),
      },
    }
  }

  if (error instanceof limiterErrors.E_TOO_MANY_REQUESTS) {
    return {
      status: 429,
      body: { message: 'Too many requests, try again later', code: 'E_TOO_MANY_REQUESTS' },
      headers: { ...error.getDefaultHeaders(), ...(error.headers ?? {}) },
    }
  }

  const candidate = (error ?? {}) as ErrorLike

  if (error instanceof SyntaxError || candidate.message?.startsWith('Invalid JSON')) {
    if (candidate.status === 400 || candidate.status === 422) {
      return { status: 400, body: { message: 'Malformed JSON body', code: 'E_MALFORMED_JSON' } }
    }
  }

  if (candidate.type === 'entity.too.large' || candidate.status === 413) {
    return {
      status: 413,
      body: { message: 'Request body too large', code: 'E_REQUEST_ENTITY_TOO_LARGE' },
    }
  }

  const postgres = candidate.code ? POSTGRES_ERRORS[candidate.code] : undefined
  if (postgres && !candidate.status) {
    return { status: postgres[0], body: { message: postgres[1], code: 'E_INVALID_INPUT' } }
  }

  const status = Number(candidate.status)
  /** 4xx, and 503 for a dependency that is down or not configured */
  if (Number.isInteger(status) && ((status >= 400 && status < 500) || status === 503)) {
    const code = typeof candidate.code === 'string' ? candidate.code : undefined
    const message = (code && MESSAGES_BY_CODE[code]) || candidate.message || 'Request failed'
    const body: ErrorResponse['body'] = { message, code }
    if (candidate.details !== undefined) body.details = candidate.details
    return { status, body }
  }

  return { status: 500, body: { message: 'Internal server error', code: 'E_INTERNAL' } }
}
