/**
 * Checks every request's input goes through before any validator, action or
 * query sees it (app/middleware/input_hygiene_middleware.ts). Pure functions,
 * iterative on purpose: the input may be deeper than the call stack.
 */

/**
 * Deepest nesting a request may carry. The API's own payloads stay under
 * ten levels (a contract snapshot is the deepest); the cap exists so that
 * nothing downstream (the request's deep clone, validators, loggers, JSON
 * columns) recurses without end.
 */
export const MAX_INPUT_DEPTH = 32

export interface InputProblem {
  field: string
  rule: string
  message: string
  /** Values the message key interpolates */
  meta?: Record<string, string | number>
}

/**
 * NUL and the other C0 controls but tab, line feed and carriage return:
 * PostgreSQL refuses NUL in text, and none of them belongs in an API field.
 * Lone surrogates cannot be encoded as UTF-8, so the database would store
 * something else than what was sent (or fail).
 */
// eslint-disable-next-line no-control-regex
const UNSAFE_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

function textProblem(field: string, value: string): InputProblem | undefined {
  const name = field || 'body'
  if (UNSAFE_CHARACTERS.test(value)) {
    return {
      field: name,
      rule: 'safeText',
      message: 'errors.input.control_characters',
      meta: { field: name },
    }
  }
  if (LONE_SURROGATE.test(value)) {
    return {
      field: name,
      rule: 'safeText',
      message: 'errors.input.invalid_unicode',
      meta: { field: name },
    }
  }
}

export const tooDeep = (field: string): InputProblem => ({
  field: field || 'body',
  rule: 'maxDepth',
  message: 'errors.input.too_deep',
  meta: { max: MAX_INPUT_DEPTH },
})

/**
 * The nesting depth of a JSON text, read without parsing it: brackets
 * outside strings. Stops at the first level past the cap.
 */
export function jsonTextTooDeep(text: string): boolean {
  let depth = 0
  let inString = false
  for (let index = 0; index < text.length; index++) {
    const char = text.charCodeAt(index)
    if (inString) {
      if (char === 0x5c) index++ /** backslash: skip the escaped character */
      else if (char === 0x22) inString = false
    } else if (char === 0x22) {
      inString = true
    } else if (char === 0x7b || char === 0x5b) {
      if (++depth > MAX_INPUT_DEPTH) return true
    } else if (char === 0x7d || char === 0x5d) {
      depth--
    }
  }
  return false
}

const join = (parent: string, key: string) => (parent ? `${parent}.${key}` : key)

/**
 * Walks `input` with an explicit stack and returns the first problem: a
 * nesting deeper than MAX_INPUT_DEPTH, a non-finite number (`1e400` parses
 * to Infinity), or a key or string with unsafe characters. With `clean`, it
 * also does on the way what the body parser's reviver did (trims strings)
 * and what its secure parse did (drops `__proto__` and
 * `constructor.prototype` keys), since JSON bodies no longer go through them.
 */
export function inspectInput(input: unknown, prefix = '', clean = false): InputProblem | undefined {
  const stack: { value: unknown; field: string; depth: number }[] = [
    { value: input, field: prefix, depth: 0 },
  ]
  while (stack.length) {
    const { value, field, depth } = stack.pop()!
    if (typeof value === 'string') {
      const problem = textProblem(field, value)
      if (problem) return problem
      continue
    }
    if (typeof value === 'number' && !Number.isFinite(value)) {
      return { field, rule: 'number', message: 'errors.input.not_finite', meta: { field } }
    }
    if (value === null || typeof value !== 'object') continue
    if (depth >= MAX_INPUT_DEPTH) return tooDeep(field)

    const container = value as Record<string, unknown>
    if (clean) {
      if (Object.hasOwn(container, '__proto__')) Reflect.deleteProperty(container, '__proto__')
      const ctor = container.constructor
      if (Object.hasOwn(container, 'constructor') && ctor && Object.hasOwn(ctor, 'prototype')) {
        Reflect.deleteProperty(container, 'constructor')
      }
    }
    for (const key of Object.keys(container)) {
      const child = join(field, key)
      const keyProblem = textProblem(child, key)
      if (keyProblem) return keyProblem
      if (clean && typeof container[key] === 'string') {
        container[key] = (container[key] as string).trim()
      }
      stack.push({ value: container[key], field: child, depth: depth + 1 })
    }
  }
}
