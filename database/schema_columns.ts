import { column } from '@adonisjs/lucid/orm'
import { toJsonb } from '#support/jsonb'

/**
 * Column decorators of the generated schema classes (database/schema.ts)
 * for what `column()` options cannot say in database/schema_rules.ts: the
 * generator prints option values, not functions.
 */

/**
 * A jsonb column, written as JSON text. `absent` is written for a missing
 * value (NOT NULL columns whose empty value is `[]` or `{}`); without it a
 * missing value is SQL NULL.
 */
export const jsonbColumn = ({ absent }: { absent?: '[]' | '{}' } = {}) =>
  column({
    prepare: (value: unknown) =>
      absent !== undefined && (value === null || value === undefined) ? absent : toJsonb(value),
  })

/** A bigint or numeric column read as a JavaScript number (node-pg reads both as text) */
export const numberColumn = () =>
  column({ consume: (value: string | null) => (value === null ? null : Number(value)) })
