import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import type { ApiResponse } from '@japa/api-client'
import { openApiDocument } from '#services/platform/openapi_document'

type Json = Record<string, any>

const API_PREFIX = '/api/v1'
/** Any operation may answer these with {message} (documented in info.description) */
const GLOBAL_ERROR_STATUSES = new Set([400, 409, 413, 415, 422, 429, 500, 503])
const METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options']

interface PathMatcher {
  template: string
  pattern: RegExp
  params: number
}

let state: Promise<{ ajv: Ajv2020; document: Json; matchers: PathMatcher[] }> | undefined

async function load() {
  const document = await openApiDocument()
  const ajv = new Ajv2020({ strict: false, allErrors: true })
  addFormats.default(ajv)
  ajv.addSchema(document, 'openapi.json')

  const matchers = Object.keys(document.paths)
    .map((template) => ({
      template,
      pattern: new RegExp(
        `^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^/}]+\}/g, '[^/]+')}$`
      ),
      params: (template.match(/\{/g) ?? []).length,
    }))
    /** Literal segments win over templates: /notifications/read-all before /{id} */
    .sort((a, b) => a.params - b.params)
  return { ajv, document, matchers }
}

const pointer = (...parts: string[]) =>
  parts.map((part) => part.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')

/**
 * Checks a response against the OpenAPI document: the path, the method
 * and the status must be documented, and a JSON body must match the
 * documented schema. Returns the problems found (empty when it conforms).
 */
export async function openApiViolations(
  method: string,
  url: string,
  status: number,
  contentType: string | undefined,
  body: unknown
): Promise<string[]> {
  state ??= load()
  const { ajv, document, matchers } = await state

  const path = new URL(url, 'http://localhost').pathname
  if (!path.startsWith(API_PREFIX)) return []
  const relative = path.slice(API_PREFIX.length) || '/'
  const where = `${method.toUpperCase()} ${relative} -> ${status}`

  const matcher = matchers.find((candidate) => candidate.pattern.test(relative))
  if (!matcher) return status === 404 ? [] : [`${where}: path not documented`]

  const verb = method.toLowerCase()
  const operation = document.paths[matcher.template][verb]
  if (!operation || !METHODS.includes(verb)) return [`${where}: method not documented`]

  /* Conditional reads (info.description): any company-scoped GET may answer 304, no body */
  if (status === 304 && verb === 'get') return []

  const statusKey = [String(status), `${String(status)[0]}XX`, 'default'].find(
    (key) => operation.responses?.[key]
  )
  if (!statusKey) {
    if (!GLOBAL_ERROR_STATUSES.has(status)) return [`${where}: status not documented`]
    const validateError = ajv.getSchema('openapi.json#/components/schemas/Error')!
    return validateError(body) ? [] : [`${where}: error body is not {message}`]
  }

  let responseSpec = operation.responses[statusKey]
  let specPointer = pointer('paths', matcher.template, verb, 'responses', statusKey)
  if (responseSpec.$ref) {
    specPointer = responseSpec.$ref.slice(2)
    responseSpec = specPointer.split('/').reduce((node: Json, key: string) => node[key], document)
  }

  if (!contentType?.includes('application/json') || !responseSpec.content?.['application/json']) {
    return []
  }

  const validate = ajv.getSchema(`openapi.json#/${specPointer}/content/application~1json/schema`)
  if (!validate) return [`${where}: schema not found`]
  if (validate(body)) return []
  return (validate.errors ?? []).map(
    (error) =>
      `${where}: body${error.instancePath} ${error.message} ${JSON.stringify(error.params)}`
  )
}

/**
 * Japa api-client teardown hook: a response that drifts from the
 * document fails the test that made it.
 */
export async function assertResponseMatchesOpenApi(response: ApiResponse) {
  const { method, endpoint } = response.request.config
  const violations = await openApiViolations(
    method,
    endpoint,
    response.status(),
    response.headers()['content-type'],
    response.body()
  )
  if (violations.length) {
    throw new Error(`Response does not match docs/openapi:\n${violations.join('\n')}`)
  }
}
