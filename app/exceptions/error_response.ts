import { errors as vineErrors } from '@vinejs/vine'
import { errors as limiterErrors } from '@adonisjs/limiter'
import { errors as bouncerErrors } from '@adonisjs/bouncer'

export interface ErrorResponse {
  status: number
  body: { message: string; code?: string; details?: unknown; errors?: unknown[] }
  headers?: Record<string, string | number>
  /** Values the message key interpolates (dropped from the answer) */
  data?: Record<string, unknown>
}

/** A field error: VineJS's (translated already) or a hand-made one whose message is a key */
interface FieldError {
  field: string
  rule: string
  message: string
  meta?: Record<string, unknown>
}

interface ErrorLike {
  status?: number
  code?: string
  message?: string
  details?: unknown
  type?: string
  data?: Record<string, unknown>
}

/**
 * Renders a message key of the catalogue (resources/lang) in the answer's
 * language; text that is not a key (a framework's own message) is kept.
 */
export type Translate = (key: string, data?: Record<string, unknown>) => string

/** Without a request (a job, a test of the mapping): the keys as they are */
const untranslated: Translate = (key) => key

/** Messages that replace the framework's own (they can echo input) */
const MESSAGES_BY_CODE: Record<string, string> = {
  E_ROUTE_NOT_FOUND: 'errors.route_not_found',
  E_UNAUTHORIZED_ACCESS: 'errors.unauthenticated',
  E_ROW_NOT_FOUND: 'errors.resource_not_found',
  E_REQUEST_ENTITY_TOO_LARGE: 'errors.request_too_large',
  E_AUTHORIZATION_FAILURE: 'errors.access_denied',
}

/** Seconds a client should wait before retrying while the database is unavailable */
export const DATABASE_RETRY_AFTER_SECONDS = 5

export interface DatabaseFailure extends ErrorResponse {
  /** Class 22 reached the database: a validator let the value through */
  validationGap?: boolean
}

/**
 * Node socket errors of a PostgreSQL connection that cannot be opened or
 * was cut (the pg driver passes them through with their errno code)
 */
const CONNECTION_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
])

/** Messages of pg-pool / pg when the server goes away mid-connection (they carry no code) */
const CONNECTION_MESSAGES = /Connection terminated|connection timeout|terminating connection/i

/**
 * Maps a database failure by SQLSTATE (class, then code) to the answer the
 * API promises (docs/decisions.md, "Robustness"): the database unreachable
 * or shutting down is 503 with Retry-After, a data exception 422 (and a
 * validation gap to log), a unique violation 409, a serialization failure
 * or deadlock 409 (the transaction was rolled back whole: retrying is safe).
 * Returns undefined for anything that is not a database failure.
 */
export function databaseFailure(error: unknown): DatabaseFailure | undefined {
  const candidate = (error ?? {}) as ErrorLike & { name?: string }
  const code = typeof candidate.code === 'string' ? candidate.code : ''
  const unavailable =
    candidate.name === 'KnexTimeoutError' ||
    code.startsWith('08') ||
    ['57P01', '57P02', '57P03'].includes(code) ||
    CONNECTION_ERRNOS.has(code) ||
    (!code && CONNECTION_MESSAGES.test(candidate.message ?? ''))
  if (unavailable) {
    return {
      status: 503,
      body: {
        message: 'errors.service_unavailable',
        code: 'E_SERVICE_UNAVAILABLE',
      },
      headers: { 'Retry-After': DATABASE_RETRY_AFTER_SECONDS },
    }
  }
  if (!/^[0-9A-Z]{5}$/.test(code) || candidate.status) return undefined

  if (code.startsWith('22')) {
    const message = DATA_EXCEPTION_MESSAGES[code] ?? 'errors.invalid_value'
    return { status: 422, body: { message, code: 'E_INVALID_INPUT' }, validationGap: true }
  }
  if (code === '23505') {
    return { status: 409, body: { message: 'errors.already_exists', code: 'E_CONFLICT' } }
  }
  if (code === '23503') {
    return {
      status: 409,
      body: { message: 'errors.related_record', code: 'E_CONFLICT' },
    }
  }
  if (code === '23502' || code === '23514') {
    return {
      status: 422,
      body: { message: 'errors.invalid_value', code: 'E_INVALID_INPUT' },
      validationGap: true,
    }
  }
  if (code === '40001' || code === '40P01') {
    return {
      status: 409,
      body: {
        message: 'errors.concurrent_change',
        code: 'E_CONCURRENT_CHANGE',
      },
    }
  }
}

/** Messages of the class 22 codes bad input most often reaches */
const DATA_EXCEPTION_MESSAGES: Record<string, string> = {
  '22001': 'errors.value_too_long',
  '22003': 'errors.number_out_of_range',
  '22007': 'errors.invalid_date',
  '22008': 'errors.invalid_date',
}

/**
 * Turns any thrown value into the response the API promises: `{message}`
 * with a 4xx status for what the client can fix, 500 with a generic
 * message otherwise. Never a stack trace or SQL text. Messages are keys,
 * rendered by `t` in the answer's language.
 */
export function toErrorResponse(error: unknown, t: Translate = untranslated): ErrorResponse {
  const { data, ...response } = errorResponse(error)
  response.body.message = t(response.body.message, data ?? (error as ErrorLike | null)?.data)
  if (response.body.errors) {
    response.body.errors = (response.body.errors as FieldError[]).map(
      ({ field, rule, message, meta }) => ({ field, rule, message: t(message, meta) })
    )
  }
  return response
}

function errorResponse(error: unknown): ErrorResponse {
  if (error instanceof vineErrors.E_VALIDATION_ERROR) {
    const messages = error.messages as FieldError[]
    return {
      status: 422,
      body: {
        message: messages[0]?.message ?? 'errors.validation_failed',
        code: 'E_VALIDATION_ERROR',
        errors: messages,
      },
      data: messages[0]?.meta,
    }
  }

  if (error instanceof limiterErrors.E_TOO_MANY_REQUESTS) {
    return {
      status: 429,
      body: { message: 'errors.too_many_requests', code: 'E_TOO_MANY_REQUESTS' },
      headers: { ...error.getDefaultHeaders(), ...(error.headers ?? {}) },
    }
  }

  /**
   * A policy's refusal with a reason (RecordDenial, app/policies/base_policy.ts)
   * answers like any domain 403: `{message: key, code}`; a bare `false` keeps
   * the generic message of E_AUTHORIZATION_FAILURE below
   */
  if (error instanceof bouncerErrors.E_AUTHORIZATION_FAILURE) {
    const denial = error.response as { message?: string; status?: number; code?: string }
    if (denial.message && denial.code) {
      return { status: denial.status ?? 403, body: { message: denial.message, code: denial.code } }
    }
  }

  const candidate = (error ?? {}) as ErrorLike

  if (error instanceof SyntaxError || candidate.message?.startsWith('Invalid JSON')) {
    if (candidate.status === 400 || candidate.status === 422) {
      return { status: 400, body: { message: 'errors.malformed_json', code: 'E_MALFORMED_JSON' } }
    }
  }

  if (candidate.type === 'entity.too.large' || candidate.status === 413) {
    return {
      status: 413,
      body: { message: 'errors.request_too_large', code: 'E_REQUEST_ENTITY_TOO_LARGE' },
    }
  }

  const database = databaseFailure(error)
  if (database) return database

  const status = Number(candidate.status)
  /** 4xx, and 503 for a dependency that is down or not configured */
  if (Number.isInteger(status) && ((status >= 400 && status < 500) || status === 503)) {
    const code = typeof candidate.code === 'string' ? candidate.code : undefined
    const message = (code && MESSAGES_BY_CODE[code]) || candidate.message || 'errors.request_failed'
    const body: ErrorResponse['body'] = { message, code }
    if (candidate.details !== undefined) body.details = candidate.details
    return { status, body }
  }

  return { status: 500, body: { message: 'errors.internal', code: 'E_INTERNAL' } }
}
