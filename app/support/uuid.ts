/**
 * UUID version 4 (the spec: "All ids are UUIDs (version 4 pattern)"): the
 * one pattern of ids in paths (pathIds middleware) and of `x-company-id`.
 */
export const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i
