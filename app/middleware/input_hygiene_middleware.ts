import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { errors as vineErrors } from '@vinejs/vine'
import { BadRequestException } from '#exceptions/http_exceptions'
import { JSON_TYPES } from '#config/bodyparser'
import { type InputProblem, inspectInput, jsonTextTooDeep, tooDeep } from '#support/input_hygiene'

const refuse = (problem: InputProblem) => new vineErrors.E_VALIDATION_ERROR([problem])

/**
 * One check every routed request passes, after the body parser and before
 * any validator, action or query: path parameters, query string and body
 * carry no unsafe text and no runaway nesting, and a JSON body is an object.
 *
 * JSON bodies arrive here as text (config/bodyparser.ts reads them as raw):
 * the framework's JSON parser deep-clones the parsed body recursively, so a
 * body nested 10,000 levels overflowed the stack before any check could run.
 * Here the depth is measured on the text first, then it is parsed.
 */
export default class InputHygieneMiddleware {
  async handle({ request, params }: HttpContext, next: NextFn) {
    if (request.bodyType === 'raw' && request.is(JSON_TYPES)) {
      request.updateBody(parseJsonObject(request.raw() ?? ''))
      request.bodyType = 'json'
    }
    const problem =
      inspectInput(params, 'params') ??
      inspectInput(request.qs()) ??
      inspectInput(request.body(), '', request.bodyType === 'json')
    if (problem) throw refuse(problem)
    return next()
  }
}

/**
 * No endpoint takes another JSON type than an object at its root: an array
 * would otherwise reach `request.all()` as an object with keys '0', '1'…
 * and pass an all-optional validator as an empty update.
 */
function parseJsonObject(text: string): Record<string, unknown> {
  if (!text.trim()) return {}
  if (jsonTextTooDeep(text)) {
    throw refuse(tooDeep('body'))
  }
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    throw new BadRequestException('errors.malformed_json', { code: 'E_MALFORMED_JSON' })
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw refuse({
      field: 'body',
      rule: 'object',
      message: 'errors.body_not_object',
    })
  }
  return parsed as Record<string, unknown>
}
