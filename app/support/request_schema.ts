type Json = Record<string, unknown>

/**
 * The JSON Schema a validator documents for a request body or query
 * string (issue #20, one source for request schemas): its
 * `toJSONSchema()` without `additionalProperties: false` (VineJS drops an
 * unknown key, it does not refuse it, so the document must not promise a
 * 422 for one) and without an empty `required`. make:resource writes this
 * into the OpenAPI fragment and tests/unit/scaffold_request_schemas.spec.ts
 * compares the document with it.
 */
export function documentedSchema(validator: { toJSONSchema(): unknown }): Json {
  return normalized(validator.toJSONSchema()) as Json
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
