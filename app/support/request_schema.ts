type Json = Record<string, unknown>

/**
 * The JSON Schema a validator documents for a request body or query
 * string: its `toJSONSchema()` without `additionalProperties: false`
 * (VineJS drops an unknown key, it does not refuse it, so the document
 * must not promise a 422 for one), without an empty `required`, and
 * without the `params` object (path parameters are documented with the
 * path). The OpenAPI loader (#services/platform/openapi_document) writes
 * it into every operation named in REQUEST_VALIDATORS, and
 * tests/unit/request_schemas.spec.ts compares the served document with it.
 */
export function documentedSchema(validator: { toJSONSchema(): unknown }): Json {
  const schema = normalized(validator.toJSONSchema()) as Json
  const properties = schema.properties as Json | undefined
  if (!properties || !('params' in properties)) return schema
  const rest = Object.fromEntries(Object.entries(properties).filter(([key]) => key !== 'params'))
  const required = ((schema.required ?? []) as string[]).filter((name) => name !== 'params')
  return normalized({ ...schema, properties: rest, required }) as Json
}

/** The same normalisation for a schema read from the document */
export function normalized(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(normalized)
  if (!schema || typeof schema !== 'object') return schema
  const entries = Object.entries(schema as Json)
    .filter(([key, value]) => {
      if (key === 'additionalProperties' && value === false) return false
      return !(key === 'required' && Array.isArray(value) && !value.length)
    })
    .map(([key, value]) => [key, normalized(value)])
  return Object.fromEntries(entries)
}
