import { test } from '@japa/runner'
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { readdir, readFile } from 'node:fs/promises'
import app from '@adonisjs/core/services/app'
import router from '@adonisjs/core/services/router'
import { openApiDocument, pathKey } from '#services/platform/openapi_document'
import { documentedSchema, normalized } from '#support/request_schema'
import {
  type JsonSchemaSource,
  NOT_VINE_VALIDATED,
  REQUEST_VALIDATORS,
} from '#support/request_validators'

type Json = Record<string, any>

const METHODS = ['get', 'post', 'put', 'patch', 'delete']

function routes() {
  router.commit()
  return Object.values(router.toJSON()).flat()
}

function resolve(document: Json, node: Json): Json {
  if (!node?.$ref) return node
  const path = node.$ref.replace(/^#\//, '').split('/')
  return resolve(
    document,
    path.reduce((at: Json, key: string) => at[key], document)
  )
}

/** A schema with every $ref replaced by what it names */
function dereferenced(document: Json, node: unknown): unknown {
  if (Array.isArray(node)) return node.map((item) => dereferenced(document, item))
  if (!node || typeof node !== 'object') return node
  const target = resolve(document, node as Json)
  return Object.fromEntries(
    Object.entries(target).map(([key, value]) => [key, dereferenced(document, value)])
  )
}

/** Every operation of the served document, with its route name */
async function operations() {
  const document = await openApiDocument()
  const byKey = new Map(
    routes().flatMap((route) =>
      route.methods.map((method) => [`${method.toLowerCase()} ${pathKey(route.pattern)}`, route])
    )
  )
  const found = []
  for (const [path, item] of Object.entries<Json>(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method]
      if (!operation) continue
      const parameters = [...(item.parameters ?? []), ...(operation.parameters ?? [])].map(
        (parameter: Json) => resolve(document, parameter)
      )
      const route = byKey.get(`${method} ${pathKey(path)}`)
      found.push({
        where: `${method.toUpperCase()} ${path}`,
        route,
        document,
        operation,
        parameters,
      })
    }
  }
  return found
}

/** A schema with its keys (and `required`) sorted: two schemas compare by content, not order */
function canonical(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(canonical)
  if (!schema || typeof schema !== 'object') return schema
  return Object.fromEntries(
    Object.entries(schema as Json)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([key, value]) => [
        key,
        key === 'required' && Array.isArray(value) ? [...value].sort() : canonical(value),
      ])
  )
}
const same = (a: unknown, b: unknown) =>
  JSON.stringify(canonical(a)) === JSON.stringify(canonical(b))

/** The documented query string as the JSON Schema of an object, to compare with the validator's */
function querySchema(parameters: Json[]) {
  const query = parameters.filter((p) => p.in === 'query')
  return normalized({
    type: 'object',
    properties: Object.fromEntries(query.map((p) => [p.name, p.schema])),
    required: query.filter((p) => p.required).map((p) => p.name),
  })
}

/**
 * A documented body against the validator's schema; in multipart, a
 * `format: binary` field keeps the YAML's words (VineJS says nothing of a
 * file in JSON Schema, and some files are read by the action with the
 * storage rules): it is left out of both sides
 */
function bodyDifference(type: string, documented: Json, expected: Json) {
  const actual = structuredClone(normalized(documented) as Json)
  const wanted = structuredClone(expected)
  if (type === 'multipart/form-data') {
    const files = Object.entries<Json>(actual?.properties ?? {})
      .filter(([, p]) => p.format === 'binary' || p.items?.format === 'binary')
      .map(([name]) => name)
    for (const schema of [actual, wanted]) {
      for (const name of files) delete schema.properties?.[name]
      schema.required = (schema.required ?? []).filter((name: string) => !files.includes(name))
    }
  }
  return same(normalized(actual), normalized(wanted)) ? null : { actual, wanted }
}

test.group('OpenAPI request schemas come from the validators', () => {
  test('every documented body and query string has a validator behind it', async ({ assert }) => {
    const missing: string[] = []
    for (const { where, route, operation, parameters } of await operations()) {
      const name = route?.name
      if (name && name in NOT_VINE_VALIDATED) continue
      const entry = name ? REQUEST_VALIDATORS[name] : undefined
      if (operation.requestBody && !entry?.body) missing.push(`${where} (${name}): body`)
      if (parameters.some((p) => p.in === 'query') && !entry?.query) {
        missing.push(`${where} (${name}): query`)
      }
    }
    assert.deepEqual(missing, [], 'operations whose input no REQUEST_VALIDATORS entry names')
  })

  test('each entry is a route whose controller runs that validator', async ({ assert }) => {
    const names = new Map<JsonSchemaSource, string>()
    for (const file of await readdir(app.makePath('app/validators'))) {
      if (!file.endsWith('.ts')) continue
      const module: Json = await import(`#validators/${file.replace(/\.ts$/, '')}`)
      for (const [name, value] of Object.entries(module)) names.set(value, name)
    }
    const byName = new Map(routes().map((route) => [route.name, route]))
    const wrong: string[] = []
    for (const name of Object.keys(NOT_VINE_VALIDATED)) {
      if (!byName.has(name)) wrong.push(`${name}: no such route`)
    }
    for (const [name, entry] of Object.entries(REQUEST_VALIDATORS)) {
      const route = byName.get(name)
      if (!route) {
        wrong.push(`${name}: no such route`)
        continue
      }
      const reference = (route.handler as { reference?: unknown }).reference
      const controller = Array.isArray(reference)
        ? String(reference[0]).match(/#controllers\/(\w+)/)?.[1]
        : undefined
      const source = controller
        ? await readFile(app.makePath('app/controllers', `${controller}.ts`), 'utf8')
        : ''
      for (const validator of [entry.body, entry.query]) {
        if (!validator) continue
        const exported = names.get(validator)
        if (!exported) wrong.push(`${name}: not a validator of app/validators`)
        else if (!new RegExp(`validateUsing\\(\\s*${exported}\\b`).test(source)) {
          wrong.push(`${name}: ${controller ?? 'its handler'} does not run ${exported}`)
        }
      }
    }
    assert.deepEqual(wrong, [])
  })

  test('each request body and query string is its validator JSON Schema', async ({ assert }) => {
    const differences: Json[] = []
    const checked = new Set<string>()
    for (const { where, route, document, operation, parameters } of await operations()) {
      const entry = route?.name ? REQUEST_VALIDATORS[route.name] : undefined
      if (entry?.body) {
        const expected = documentedSchema(entry.body)
        const content = resolve(document, operation.requestBody)?.content ?? {}
        if (!Object.keys(content).length) differences.push({ where, body: 'not documented' })
        for (const [type, media] of Object.entries<Json>(content)) {
          const difference = bodyDifference(
            type,
            dereferenced(document, media.schema) as Json,
            expected
          )
          if (difference) differences.push({ where, body: type, difference })
          checked.add(`${route!.name} body`)
        }
      }
      if (entry?.query) {
        const expected = documentedSchema(entry.query)
        const actual = dereferenced(document, querySchema(parameters))
        if (!same(actual, expected)) {
          differences.push({ where, query: true, difference: { actual, wanted: expected } })
        }
        checked.add(`${route!.name} query`)
      }
    }
    if (differences.length) {
      console.log(JSON.stringify(differences, null, 1))
      console.log(
        `${differences.filter((d) => d.body).length} bodies and ${differences.filter((d) => d.query).length} query strings differ from their validators`
      )
    }
    const entries = Object.entries(REQUEST_VALIDATORS).flatMap(([name, entry]) => [
      ...(entry.body ? [`${name} body`] : []),
      ...(entry.query ? [`${name} query`] : []),
    ])
    assert.deepEqual([...checked].sort(), entries.sort(), 'every entry checked once')
    assert.lengthOf(differences, 0)
  })

  test('the served document refers only to what it holds, and its request schemas compile', async ({
    assert,
  }) => {
    const document = await openApiDocument()
    const text = JSON.stringify(document)
    const broken = [...new Set(text.match(/"#\/[^"]+"/g) ?? [])]
      .map((ref) => JSON.parse(ref) as string)
      .filter(
        (ref) =>
          !ref
            .slice(2)
            .split('/')
            .reduce((at: Json, key) => at?.[key], document)
      )
    assert.deepEqual(broken, [])

    const ajv = new Ajv2020({ strict: false })
    addFormats.default(ajv)
    for (const { where, operation, parameters } of await operations()) {
      const schemas = [
        ...Object.values<Json>(operation.requestBody?.content ?? {}).map((media) => media.schema),
        ...parameters.filter((p) => p.in === 'query').map((p) => p.schema),
      ]
      for (const schema of schemas.filter(Boolean)) {
        assert.doesNotThrow(() => ajv.compile(schema), where)
      }
    }
  })
})
