/**
 * Value for a jsonb column: JSON text (node-pg would turn a JS array into
 * a PostgreSQL array), SQL NULL for null.
 */
export const toJsonb = (value: unknown) =>
  value === null || value === undefined ? null : JSON.stringify(value)
