import { DateTime } from 'luxon'
import PaginationMetaDto from '#dtos/pagination_meta_dto'
import {
  jsonArraySql,
  jsonBoolSql,
  jsonQuotedOrNullSql,
  jsonRawOrNullSql,
  jsonTextOrNullSql,
} from '#support/json_text'

/**
 * A response shape declared once: each field names its JSON kind, its SQL
 * value (for the lists PostgreSQL writes as JSON text) and how it is read
 * from a model or row. From the one declaration come the TypeScript type,
 * the mapping (`shape.from`), the JSON text SQL (`formatSql`: compact
 * text by format(), as JSON.stringify writes it) and the OpenAPI schema,
 * so a field cannot be added, dropped or moved in one of them only.
 *
 * SQL values name their parameters in braces: `{row}.company_id`; the
 * caller gives them (`shape.formatSql({ row: 'page' })`).
 */
type Kind =
  'uuid' | 'code' | 'text' | 'number' | 'boolean' | 'timestamp' | 'json' | 'object' | 'array'
type Schema = Record<string, unknown>

export interface ShapeField<Value = unknown> {
  kind: Kind
  nullable: boolean
  sql: string
  read: (source: any) => unknown
  schema: Schema
  nested?: JsonShape<any>
  /** object fields: the SQL condition under which the object is present (else null) */
  when?: string
  /** array fields: the rows (`FROM ...`) and their order */
  rows?: { from: string; orderBy: string }
  /** object and array fields: an SQL expression that already holds the JSON text */
  text?: string
  /** type carrier only */
  readonly value?: Value
}

type Fields = Record<string, ShapeField<any>>
export type ShapeOf<F extends Fields> = {
  [K in keyof F]: F[K] extends ShapeField<infer Value> ? Value : never
}

const camel = (column: string) => column.replace(/_([a-z])/g, (_, letter) => letter.toUpperCase())

/**
 * The default reader of `{row}.some_column` or `alias.some_column` (or of
 * `apiTimestampSql` of one): the source's `someColumn`
 */
function columnReader(sql: string) {
  const column = /^(?:api_timestamp\()?(?:\{row\}|[a-z]\w*)\.(\w+)(?:, :dbZone, :dbZulu\))?$/.exec(
    sql
  )?.[1]
  if (!column) throw new Error(`json_shape: "${sql}" needs a reader`)
  const property = camel(column)
  return (source: any) => source[property]
}

const TYPES: Record<Exclude<Kind, 'object' | 'json' | 'array'>, Schema> = {
  uuid: { type: 'string', format: 'uuid' },
  code: { type: 'string' },
  text: { type: 'string' },
  number: { type: 'number' },
  boolean: { type: 'boolean' },
  timestamp: { type: 'string', format: 'date-time' },
}

function nullableSchema(schema: Schema, nullable: boolean): Schema {
  if (!nullable) return schema
  if (schema.$ref || schema.oneOf) return { oneOf: [schema, { type: 'null' }] }
  return { ...schema, type: [schema.type, 'null'] }
}

/** A timestamp column as the API prints it, in the zone of the bindings `:dbZone` / `:dbZulu` */
export const apiTimestampSql = (column: string) => `api_timestamp(${column}, :dbZone, :dbZulu)`

function make<Value>(
  kind: Kind,
  nullable: boolean,
  sql: string,
  read: ((source: any) => unknown) | undefined,
  schema: Schema = {}
): ShapeField<Value> {
  const base = kind === 'json' || kind === 'object' || kind === 'array' ? {} : TYPES[kind]
  return {
    kind,
    nullable,
    sql,
    read: read ?? columnReader(sql),
    schema: nullableSchema(schema.$ref ? schema : { ...base, ...schema }, nullable),
  }
}

type Read<Value> = (source: any) => Value
type Options<Value> = { read?: Read<Value>; schema?: Schema }

/** The field kinds; `OrNull` variants allow null */
export const field = {
  uuid: <V extends string = string>(sql: string, o: Options<V> = {}) =>
    make<V>('uuid', false, sql, o.read, o.schema),
  uuidOrNull: <V extends string = string>(sql: string, o: Options<V | null> = {}) =>
    make<V | null>('uuid', true, sql, o.read, o.schema),
  /** A code that needs no JSON escaping (statuses, kinds): its text quoted as is */
  code: <V extends string = string>(sql: string, o: Options<V> = {}) =>
    make<V>('code', false, sql, o.read, o.schema),
  text: <V extends string = string>(sql: string, o: Options<V> = {}) =>
    make<V>('text', false, sql, o.read, o.schema),
  textOrNull: <V extends string = string>(sql: string, o: Options<V | null> = {}) =>
    make<V | null>('text', true, sql, o.read, o.schema),
  number: (sql: string, o: Options<number> = {}) =>
    make<number>('number', false, sql, o.read, o.schema),
  numberOrNull: (sql: string, o: Options<number | null> = {}) =>
    make<number | null>('number', true, sql, o.read, o.schema),
  boolean: (sql: string, o: Options<boolean> = {}) =>
    make<boolean>('boolean', false, sql, o.read, o.schema),
  booleanOrNull: (sql: string, o: Options<boolean | null> = {}) =>
    make<boolean | null>('boolean', true, sql, o.read, o.schema),
  /** SQL: a timestamp text (api_timestamp); read: a DateTime or Date, printed as ISO */
  timestamp: (sql: string, o: Options<DateTime | Date | string> = {}) =>
    make<string>('timestamp', false, sql, o.read, o.schema),
  timestampOrNull: (sql: string, o: Options<DateTime | Date | string | null> = {}) =>
    make<string | null>('timestamp', true, sql, o.read, o.schema),
  /** A JSON value stored as is (jsonb): SQL the value, read the parsed value */
  json: <V = unknown>(sql: string, o: Options<V> = {}) =>
    make<V>('json', false, sql, o.read, o.schema),
  jsonOrNull: <V = unknown>(sql: string, o: Options<V | null> = {}) =>
    make<V | null>('json', true, sql, o.read, o.schema),
  /** A nested shape, present when `when` holds in SQL and `read` gives a source (else null) */
  objectOrNull: <F extends Fields>(
    nested: JsonShape<F>,
    o: { when: string; read: Read<unknown>; schema?: Schema }
  ): ShapeField<ShapeOf<F> | null> => ({
    ...make<ShapeOf<F> | null>('object', true, '', o.read, o.schema ?? nested.reference()),
    nested,
    when: o.when,
  }),
  /** A nested shape, always present (`read` gives its source; `text`: SQL of its JSON text) */
  object: <F extends Fields>(
    nested: JsonShape<F>,
    o: { read: Read<unknown>; text?: string; schema?: Schema }
  ): ShapeField<ShapeOf<F>> => ({
    ...make<ShapeOf<F>>('object', false, '', o.read, o.schema ?? nested.reference()),
    nested,
    text: o.text,
  }),
  /**
   * A list of a nested shape: in SQL the rows `from` (`FROM` omitted) in
   * `orderBy` order, or `text`, an expression that already holds the JSON
   * array; `read` gives the source of each item.
   */
  array: <F extends Fields>(
    nested: JsonShape<F>,
    o: {
      read: Read<unknown[]>
      from?: string
      orderBy?: string
      text?: string
      schema?: Schema
    }
  ): ShapeField<ShapeOf<F>[]> => ({
    ...make<ShapeOf<F>[]>('array', false, '', o.read, {
      type: 'array',
      items: nested.reference(),
      ...o.schema,
    }),
    nested,
    rows: o.from ? { from: o.from, orderBy: o.orderBy ?? 'true' } : undefined,
    text: o.text,
  }),
}

/** A value read from a source, printed as its JSON kind */
function serialize(spec: ShapeField, value: unknown): unknown {
  if (value === undefined || value === null) {
    if (spec.nullable) return null
    return value
  }
  if (spec.kind === 'timestamp') {
    if (value instanceof DateTime) return value.toISO()
    if (value instanceof Date) return value.toISOString()
  }
  if (spec.kind === 'object') return spec.nested!.from(value)
  if (spec.kind === 'array') return (value as unknown[]).map((item) => spec.nested!.from(item))
  return value
}

function substitute(sql: string, params: Record<string, string>) {
  return sql.replace(/\{([A-Za-z]\w*)\}/g, (_, name: string) => {
    if (!(name in params)) throw new Error(`json_shape: no value for {${name}}`)
    return params[name]
  })
}

/** One field as a format() placeholder and its argument (never NULL) */
function formatPart(spec: ShapeField, params: Record<string, string>): [string, string] {
  if (spec.text) return ['%s', substitute(spec.text, params)]
  const sql = substitute(spec.sql, params)
  switch (spec.kind) {
    case 'code':
      return ['"%s"', sql]
    case 'uuid':
    case 'timestamp':
      return spec.nullable ? ['%s', jsonQuotedOrNullSql(sql)] : ['"%s"', sql]
    case 'text':
      return spec.nullable ? ['%s', jsonTextOrNullSql(sql)] : ['%s', `to_json(${sql})`]
    case 'number':
      return spec.nullable ? ['%s', jsonRawOrNullSql(sql)] : ['%s', sql]
    case 'boolean':
      return ['%s', spec.nullable ? jsonRawOrNullSql(sql) : jsonBoolSql(sql)]
    case 'json':
      return ['%s', spec.nullable ? jsonRawOrNullSql(sql) : `${sql}::text`]
    case 'object':
      if (!spec.when) return ['%s', spec.nested!.formatSql(params)]
      return [
        '%s',
        `CASE WHEN ${substitute(spec.when, params)} THEN ${spec.nested!.formatSql(params)} ELSE 'null' END`,
      ]
    case 'array':
      return ['%s', spec.nested!.arraySql(spec.rows!.from, spec.rows!.orderBy, params)]
  }
}

export class JsonShape<F extends Fields> {
  constructor(
    readonly name: string,
    readonly fields: F
  ) {}

  /** The shape of a model or row */
  from(source: unknown): ShapeOf<F> {
    const result: Record<string, unknown> = {}
    for (const [key, spec] of Object.entries(this.fields)) {
      result[key] = serialize(spec, spec.read(source))
    }
    return result as ShapeOf<F>
  }

  /** The answer of a paginated list: the page's rows in the shape and the pagination meta */
  page(paginator: { all(): unknown[]; total: number; currentPage: number; perPage: number }): {
    data: ShapeOf<F>[]
    meta: ReturnType<typeof PaginationMetaDto.fromPaginator>
  } {
    const data = paginator.all().map((row) => this.from(row))
    return { data, meta: PaginationMetaDto.fromPaginator(paginator) }
  }

  /** The compact JSON text (as JSON.stringify writes it), by format() */
  formatSql(params: Record<string, string> = {}) {
    const parts = Object.entries(this.fields).map(([key, spec]) => {
      const [placeholder, argument] = formatPart(spec, params)
      return { text: `"${key}":${placeholder}`, argument }
    })
    return `format('{${parts.map((part) => part.text).join(',')}}', ${parts.map((part) => part.argument).join(', ')})`
  }

  /** A JSON array of the shape over `FROM from`, in `orderBy` order (`[]` when no row) */
  arraySql(from: string, orderBy: string, params: Record<string, string> = {}) {
    const items = `string_agg(${this.formatSql(params)}, ',' ORDER BY ${substitute(orderBy, params)})`
    return `(SELECT ${jsonArraySql(items)} FROM ${substitute(from, params)})`
  }

  /** The OpenAPI schema of the shape */
  schema(): Schema {
    const properties = Object.fromEntries(
      Object.entries(this.fields).map(([key, spec]) => [key, spec.schema])
    )
    return { type: 'object', required: Object.keys(this.fields), properties }
  }

  /** The shape and the shapes nested in it, each once */
  withNested(): JsonShape<any>[] {
    const nested = Object.values(this.fields).flatMap((spec) => spec.nested?.withNested() ?? [])
    return [this, ...nested]
  }

  /** A reference to the shape's component in the OpenAPI document */
  reference(): Schema {
    return { $ref: `#/components/schemas/${this.name}` }
  }
}

export function jsonShape<F extends Fields>(name: string, fields: F) {
  return new JsonShape(name, fields)
}

/** A shape with `more` fields after those of `base` */
export function extendShape<F extends Fields, M extends Fields>(
  name: string,
  base: JsonShape<F>,
  more: M
) {
  return new JsonShape(name, { ...base.fields, ...more } as F & M)
}
