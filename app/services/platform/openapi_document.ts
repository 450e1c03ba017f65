import { readdir, readFile } from 'node:fs/promises'
import app from '@adonisjs/core/services/app'
import router from '@adonisjs/core/services/router'
import { parse } from 'yaml'
import { documentedSchema } from '#support/request_schema'

type Json = Record<string, any>

let cached: Promise<Json> | undefined

async function loadYaml(path: string): Promise<Json> {
  const text = await readFile(path, 'utf8')
  return parse(text) ?? {}
}

/**
 * The OpenAPI 3.1 document: docs/openapi/openapi.yaml plus the paths and
 * components of every docs/openapi/paths/<area>.yaml, merged, with every
 * request body and query string generated from its validator
 * (REQUEST_VALIDATORS) and the component schemas of the declared response
 * shapes (RESPONSE_SHAPES). Each area owns its file; a duplicate path or
 * schema name is an error.
 */
async function build(): Promise<Json> {
  const root = app.makePath('docs/openapi')
  const document = await loadYaml(`${root}/openapi.yaml`)
  document.paths ??= {}
  document.components ??= {}

  const fileNames = await readdir(`${root}/paths`)
  const files = fileNames.filter((file) => file.endsWith('.yaml')).sort()
  for (const file of files) {
    const fragment = await loadYaml(`${root}/paths/${file}`)
    for (const [path, item] of Object.entries(fragment.paths ?? {})) {
      if (document.paths[path]) throw new Error(`OpenAPI: path ${path} is defined twice (${file})`)
      document.paths[path] = item
    }
    for (const [section, entries] of Object.entries<Json>(fragment.components ?? {})) {
      document.components[section] ??= {}
      for (const [name, value] of Object.entries(entries)) {
        if (document.components[section][name]) {
          throw new Error(`OpenAPI: components.${section}.${name} is defined twice (${file})`)
        }
        document.components[section][name] = value
      }
    }
  }
  return withRequestSchemas(await withResponseShapes(document))
}

/** The component schemas of the shapes declared with jsonShape (RESPONSE_SHAPES) */
async function withResponseShapes(document: Json) {
  const { RESPONSE_SHAPES } = await import('#support/response_shapes')
  const schemas = (document.components.schemas ??= {})
  const generated = new Set<string>()
  for (const shape of RESPONSE_SHAPES.flatMap((declared) => declared.withNested())) {
    if (generated.has(shape.name)) continue
    if (schemas[shape.name]) {
      throw new Error(`OpenAPI: components.schemas.${shape.name} is declared by its shape`)
    }
    schemas[shape.name] = shape.schema()
    generated.add(shape.name)
  }
  return document
}

export function openApiDocument(): Promise<Json> {
  if (!cached || !app.inProduction) cached = build()
  return cached
}

/** A path and a route pattern compare by their literal segments: /contracts/{id} = /api/v1/contracts/:id */
export function pathKey(pathOrPattern: string) {
  return (pathOrPattern.replace(/^\/api\/v1(?=\/|$)/, '') || '/').replace(
    /\{[^/}]+\}|:[^/]+|\*/g,
    '{}'
  )
}

const resolved = (document: Json, node: Json): Json =>
  node?.$ref
    ? resolved(
        document,
        node.$ref
          .replace(/^#\//, '')
          .split('/')
          .reduce((at: Json, key: string) => at?.[key], document)
      )
    : node

/**
 * The request body: each media type's schema is the validator's, except
 * the multipart file fields, which keep the YAML's `format: binary` (a
 * VineJS file says nothing in JSON Schema).
 */
function fillBody(operation: Json, schema: Json, where: string) {
  operation.requestBody ??= { required: true, content: { 'application/json': {} } }
  const body = operation.requestBody
  if (body.$ref) throw new Error(`OpenAPI: ${where} has a generated body: write it inline`)
  for (const [type, media] of Object.entries<Json>(body.content)) {
    const documented: Json = media.schema ?? {}
    const files = Object.entries<Json>(documented.properties ?? {}).filter(
      ([, property]) =>
        type === 'multipart/form-data' &&
        (property.format === 'binary' || property.items?.format === 'binary')
    )
    media.schema = structuredClone(schema)
    if (!files.length) continue
    const names = files.map(([name]) => name)
    const required = [
      ...(schema.required ?? []).filter((name: string) => !names.includes(name)),
      ...(documented.required ?? []).filter((name: string) => names.includes(name)),
    ]
    media.schema.properties = { ...media.schema.properties, ...Object.fromEntries(files) }
    if (required.length) media.schema.required = required
  }
}

/**
 * The query parameters, one per property of the validator, in its order:
 * the YAML's entry of the same name (inline or a component) gives the
 * words (description, example, style); the validator gives the schema and
 * whether it is required.
 */
function fillQuery(document: Json, item: Json, operation: Json, schema: Json, where: string) {
  if ((item.parameters ?? []).some((p: Json) => resolved(document, p)?.in === 'query')) {
    throw new Error(`OpenAPI: ${where}: query parameters belong on the operation`)
  }
  const words = new Map<string, Json>()
  const kept: Json[] = []
  for (const parameter of operation.parameters ?? []) {
    const found = resolved(document, parameter)
    if (found?.in === 'query') words.set(found.name, found)
    else kept.push(parameter)
  }
  const properties: Json = schema.properties ?? {}
  const unknown = [...words.keys()].filter((name) => !(name in properties))
  if (unknown.length) {
    throw new Error(`OpenAPI: ${where} documents query parameters no validator reads: ${unknown}`)
  }
  const required = new Set<string>(schema.required ?? [])
  const query = Object.entries(properties).map(([name, property]) => {
    const text = Object.fromEntries(
      Object.entries(words.get(name) ?? {}).filter(
        ([key]) => !['name', 'in', 'required', 'schema'].includes(key)
      )
    )
    return {
      name,
      in: 'query',
      ...text,
      ...(required.has(name) ? { required: true } : {}),
      schema: structuredClone(property),
    }
  })
  operation.parameters = [...kept, ...query]
}

/**
 * Request bodies and query strings from REQUEST_VALIDATORS (by route name,
 * located through the router); the query parameters of components.parameters
 * were words for them and go once inlined.
 */
async function withRequestSchemas(document: Json) {
  const { REQUEST_VALIDATORS } = await import('#support/request_validators')
  /** Routes are committed at boot; this is a no-op then (and in tests it commits the preloaded ones) */
  router.commit()
  const routes = new Map(
    Object.values(router.toJSON())
      .flat()
      .map((route) => [route.name, route])
  )
  const operations = new Map<string, { item: Json; operation: Json }>()
  for (const [path, item] of Object.entries<Json>(document.paths)) {
    for (const method of ['get', 'post', 'put', 'patch', 'delete']) {
      if (item[method])
        operations.set(`${method} ${pathKey(path)}`, { item, operation: item[method] })
    }
  }
  for (const [name, validators] of Object.entries(REQUEST_VALIDATORS)) {
    const route = routes.get(name)
    if (!route) throw new Error(`OpenAPI: REQUEST_VALIDATORS names ${name}, which is no route`)
    const method = route.methods.find((verb) => verb !== 'HEAD')!.toLowerCase()
    const where = `${method.toUpperCase()} ${route.pattern} (${name})`
    const found = operations.get(`${method} ${pathKey(route.pattern)}`)
    if (!found) throw new Error(`OpenAPI: ${where} is not documented`)
    if (validators.body) fillBody(found.operation, documentedSchema(validators.body), where)
    if (validators.query) {
      fillQuery(document, found.item, found.operation, documentedSchema(validators.query), where)
    }
  }
  const paths = JSON.stringify(document.paths)
  for (const [name, parameter] of Object.entries<Json>(document.components.parameters ?? {})) {
    if (parameter.in === 'query' && !paths.includes(`"#/components/parameters/${name}"`)) {
      delete document.components.parameters[name]
    }
  }
  return document
}
