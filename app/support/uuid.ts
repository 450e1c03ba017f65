/** UUID version 4 (the spec: "All ids are UUIDs (version 4 pattern)") */
export const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i

/** Router matcher for path ids: anything else is 404 (no route matches) */
export const uuidV4Matcher = {
  match: UUID_V4,
  cast: (value: string) => value.toLowerCase(),
}
