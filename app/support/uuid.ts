/**
 * UUID version 4 (the spec: "All ids are UUIDs (version 4 pattern)"): the
 * one pattern of ids in paths (pathIds middleware) and of `x-company-id`.
 * Either case, spelled out rather than with the `i` flag: a validator's
 * JSON Schema (the OpenAPI request schemas) carries the source, not the flags.
 */
export const UUID_V4 =
  /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-4[0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}$/
