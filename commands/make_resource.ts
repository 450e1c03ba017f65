import { existsSync, readFileSync } from 'node:fs'
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { BaseCommand, args, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import string from '@adonisjs/core/helpers/string'
import { MEMBER_ROLES, type MemberRole } from '#enums/roles'
import { PERMISSIONS, ROLE_PERMISSIONS, type Permission } from '#support/permissions'

export const FIELD_TYPES = [
  'string',
  'text',
  'integer',
  'decimal',
  'boolean',
  'date',
  'datetime',
  'uuid',
  'enum',
  'references',
] as const
export type FieldType = (typeof FIELD_TYPES)[number]
const MODIFIERS = ['unique', 'optional', 'index'] as const

export interface Field {
  /** Property of the model, the DTO and the body (camelCase; `accountId` for references) */
  name: string
  column: string
  type: FieldType
  enumValues: string[]
  /** references: the parent's model class, file and table */
  parent?: { model: string; file: string; table: string }
  unique: boolean
  optional: boolean
  index: boolean
}

/**
 * Parses `name:type[:modifier...]` (Rails style): `code:string:unique`,
 * `status:enum(open|closed)`, `account:references:optional`. Throws a
 * message meant for the developer.
 */
export function parseField(spec: string): Field {
  const [rawName, rawType, ...modifiers] = spec.split(':')
  if (!rawName || !/^[a-z][A-Za-z0-9_]*$/.test(rawName)) {
    throw new Error(`"${spec}": the field name must start with a lowercase letter`)
  }
  const enumMatch = /^enum\(([^)]*)\)$/.exec(rawType ?? '')
  const type = (enumMatch ? 'enum' : rawType) as FieldType
  if (!FIELD_TYPES.includes(type)) {
    throw new Error(`"${spec}": the type must be one of ${FIELD_TYPES.join(', ')} (enum(a|b|c))`)
  }
  const enumValues = enumMatch ? enumMatch[1].split('|').filter(Boolean) : []
  if (type === 'enum' && (!enumValues.length || enumValues.some((v) => !/^[\w-]+$/.test(v)))) {
    throw new Error(`"${spec}": enum values are words separated by | (enum(open|closed))`)
  }
  const unknown = modifiers.filter((m) => !MODIFIERS.includes(m as any))
  if (unknown.length) {
    throw new Error(`"${spec}": unknown modifier ${unknown[0]} (${MODIFIERS.join(', ')})`)
  }
  const base = string.camelCase(rawName)
  const field: Field = {
    name: type === 'references' ? `${base}Id` : base,
    column: type === 'references' ? `${string.snakeCase(base)}_id` : string.snakeCase(base),
    type,
    enumValues,
    unique: modifiers.includes('unique'),
    optional: modifiers.includes('optional'),
    index: modifiers.includes('index'),
  }
  if (type === 'references') {
    const model = string.pascalCase(base)
    field.parent = {
      model,
      file: string.snakeCase(base),
      table: string.pluralize(string.snakeCase(base)),
    }
  }
  if (['id', 'companyId', 'createdAt', 'updatedAt', 'deletedAt'].includes(field.name)) {
    throw new Error(`"${spec}": ${field.name} is written by the generator itself`)
  }
  return field
}

/**
 * The permission whose holders are exactly `roles`: the role gate reads
 * permissions, not roles (app/support/permissions.ts), and a generated
 * resource reuses the table instead of widening it.
 */
export function permissionFor(roles: MemberRole[]): Permission | undefined {
  const wanted = [...roles].sort().join(' ')
  return PERMISSIONS.find(
    (permission) =>
      MEMBER_ROLES.filter((role) => ROLE_PERMISSIONS[role].includes(permission))
        .sort()
        .join(' ') === wanted
  )
}

function parseRoles(list: string, option: string): MemberRole[] {
  const roles = list.split(',').map((role) => role.trim())
  const bad = roles.find((role) => !MEMBER_ROLES.includes(role as MemberRole))
  if (bad) throw new Error(`--${option}: unknown role "${bad}" (${MEMBER_ROLES.join(', ')})`)
  return MEMBER_ROLES.filter((role) => roles.includes(role))
}

/**
 * Tempura (the stubs' template engine) compiles a stub into a JS template
 * literal without escaping it, so a backtick, `${` or a backslash in the
 * stub's text would end or alter that literal; and it drops the line breaks
 * right before a tag. The generated TypeScript needs all of them (template
 * strings in tests, one statement a line), so the text outside `{{ }}`
 * gets them as literal expressions.
 */
export function templateSafe(raw: string) {
  const literal: Record<string, string> = {
    '`': "{{{ '\\x60' }}}",
    '\\': "{{{ '\\\\' }}}",
    '${': "{{{ '$' }}}{",
  }
  const parts = raw.split(/(\{\{\{[\s\S]*?\}\}\}|\{\{[\s\S]*?\}\})/)
  return parts
    .map((part, index) => {
      if (index % 2) return part
      const text = part.replace(/`|\\|\$\{/g, (match) => literal[match])
      if (index === parts.length - 1) return text
      /** a `{` ending the text would merge with the tag's braces: it goes inside */
      return text.replace(/(\{*)(\n+)$/, (_all, braces: string, breaks: string) => {
        return `{{{ '${braces}${'\\n'.repeat(breaks.length)}' }}}`
      })
    })
    .join('')
}

const q = (value: string) => `'${value}'`

/** Migration column of a field */
function columnLine(field: Field) {
  const c = q(field.column)
  const base: Record<FieldType, string> = {
    string: `table.string(${c}, 255)`,
    text: `table.text(${c})`,
    integer: `table.integer(${c})`,
    decimal: `table.decimal(${c}, 14, 2)`,
    boolean: `table.boolean(${c})`,
    date: `table.date(${c})`,
    datetime: `table.timestamp(${c}, { useTz: true })`,
    uuid: `table.uuid(${c})`,
    enum: `table.string(${c}, 50)`,
    references: `table.uuid(${c})`,
  }
  let line = base[field.type] + (field.optional ? '.nullable()' : '.notNullable()')
  if (field.type === 'enum') line += `.checkIn([${field.enumValues.map(q).join(', ')}])`
  if (field.parent) {
    const onDelete = field.optional ? 'SET NULL' : 'RESTRICT'
    line += `.references('${field.parent.table}.id').onDelete('${onDelete}')`
  }
  return `      ${line}`
}

function tsType(field: Field) {
  const types: Record<FieldType, string> = {
    string: 'string',
    text: 'string',
    integer: 'number',
    decimal: 'number',
    boolean: 'boolean',
    date: 'DateTime',
    datetime: 'DateTime',
    uuid: 'string',
    enum: field.enumValues.map(q).join(' | '),
    references: 'string',
  }
  return types[field.type] + (field.optional ? ' | null' : '')
}

/**
 * The field's entry in database/schema_rules.ts, when the migrated column
 * alone does not give the model's type: an enum is text in the database
 */
function schemaRule(field: Field) {
  return field.type === 'enum'
    ? `${field.column}: inline(\`${tsType({ ...field, optional: false })}\`)`
    : null
}

/** The VineJS rule of a field in the save validator (rules shared in #validators/rules/records) */
function validatorRule(field: Field, table: string, global: boolean, soft: boolean) {
  const rules: Record<FieldType, string> = {
    string: 'vine.string().trim().minLength(1).maxLength(255)',
    text: 'vine.string().trim().maxLength(10000)',
    integer: 'vine.number().withoutDecimals().min(-2147483648).max(2147483647)',
    decimal: 'vine.number().decimal([0, 2]).min(-999999999999).max(999999999999)',
    boolean: 'vine.boolean()',
    date: `vine.date({ formats: ['YYYY-MM-DD'] })`,
    datetime: `vine.date({ formats: ['iso8601'] })`,
    uuid: 'vine.string().uuid({ version: [4] })',
    enum: `vine.enum([${field.enumValues.map(q).join(', ')}])`,
    references: 'vine.string().uuid({ version: [4] })',
  }
  let rule = rules[field.type]
  if (field.parent) {
    rule += `.exists(existsIn('${field.parent.table}'${global ? ', { global: true }' : ''}))`
  }
  if (field.unique) {
    const scope = [global ? 'global: true' : '', soft ? 'softDelete: true' : ''].filter(Boolean)
    const options = scope.length ? `, { ${scope.join(', ')} }` : ''
    rule += `.unique(uniqueIn('${table}', '${field.column}'${options}))`
  }
  if (field.optional) rule += '.optional().nullable()'
  return `  ${field.name}: ${rule},`
}

/** What the save action stores for a field beyond the payload (dates, null for a missing optional) */
function saveValue(field: Field) {
  const value = `payload.${field.name}`
  if (field.type === 'date' || field.type === 'datetime') {
    const converted = `DateTime.fromJSDate(${value})`
    return `${field.name}: ${field.optional ? `${value} ? ${converted} : null` : converted}`
  }
  return field.optional ? `${field.name}: ${value} ?? null` : undefined
}

/** The field of the response shape (app/support/json_shape.ts) */
function shapeField(field: Field, model: string) {
  const sql = q(`{row}.${field.column}`)
  const orNull = field.optional ? 'OrNull' : ''
  const kinds: Record<FieldType, string> = {
    string: `text${orNull}(${sql})`,
    text: `text${orNull}(${sql})`,
    integer: `number${orNull}(${sql}, { schema: { type: 'integer' } })`,
    decimal: `number${orNull}(${sql})`,
    boolean: `boolean${orNull}(${sql})`,
    date: field.optional
      ? `textOrNull(${sql}, { read: (r: ${model}) => r.${field.name}?.toISODate() ?? null, schema: { format: 'date' } })`
      : `text(${sql}, { read: (r: ${model}) => r.${field.name}.toISODate()!, schema: { format: 'date' } })`,
    datetime: `timestamp${orNull}(apiTimestampSql(${sql}))`,
    uuid: `uuid${orNull}(${sql})`,
    enum: `text${orNull}<${field.enumValues.map(q).join(' | ')}>(${sql}, { schema: { enum: [${[
      ...field.enumValues.map(q),
      ...(field.optional ? ['null'] : []),
    ].join(', ')}] } })`,
    references: `uuid${orNull}(${sql})`,
  }
  return `  ${field.name}: field.${kinds[field.type]},`
}

function factoryValue(field: Field): string | undefined {
  const values: Record<FieldType, string | undefined> = {
    string: 'faker.string.alphanumeric(12)',
    text: 'faker.lorem.sentence()',
    integer: 'faker.number.int({ max: 1000 })',
    decimal: 'faker.number.float({ max: 1000, fractionDigits: 2 })',
    boolean: 'faker.datatype.boolean()',
    date: "DateTime.fromJSDate(faker.date.recent()).startOf('day')",
    datetime: 'DateTime.fromJSDate(faker.date.recent())',
    uuid: 'faker.string.uuid()',
    enum: `${q(field.enumValues[0])} as const`,
    /** a parent is a record of the company: the caller merges its id */
    references: undefined,
  }
  const value = values[field.type]
  return value === undefined ? undefined : `    ${field.name}: ${value},`
}

/** A valid body value of the generated test: `n` varies what must be unique */
function sampleValue(field: Field): string | undefined {
  const values: Record<FieldType, string | undefined> = {
    string: `\`${field.name}-\${n}\``,
    text: '`About ${n}`',
    integer: 'n',
    decimal: 'n + 0.25',
    boolean: 'n === 1',
    date: "`2026-01-${String(((n - 1) % 28) + 1).padStart(2, '0')}`",
    datetime: q('2026-01-02T10:00:00.000Z'),
    uuid: "`2b1f7a9c-0c2e-4d6f-9a8b-${String(n).padStart(12, '0')}`",
    enum: `([${field.enumValues.map(q).join(', ')}] as const)[(n - 1) % ${field.enumValues.length}]`,
    references: undefined,
  }
  return values[field.type]
}

/** What the body of a test may not carry for a field (each gives 422) */
function badValue(field: Field) {
  const values: Record<FieldType, string> = {
    string: "''",
    text: '42',
    integer: '1.5',
    decimal: "'abc'",
    boolean: "'maybe'",
    date: "'2026-13-45'",
    datetime: "'yesterday'",
    uuid: "'not-a-uuid'",
    enum: "'not-a-value'",
    references: 'randomUUID()',
  }
  return values[field.type]
}

/**
 * The OpenAPI fragment, in the flow style of the hand-written ones: the
 * operations, their summaries and answers. The request schemas come from
 * the validators (REQUEST_VALIDATORS) and the resource's schema from its
 * shape (RESPONSE_SHAPES) when the document loads.
 */
function openApiFragment(name: string, namePlural: string, urlPath: string, soft: boolean) {
  const tag = string.sentenceCase(string.noCase(namePlural))
  const camel = string.camelCase(namePlural)
  const ref = (kind: string, id: string) => `{ $ref: '#/components/${kind}/${id}' }`
  const errors: Record<number, string> = {
    401: 'Unauthorized',
    403: 'Forbidden',
    404: 'NotFound',
    409: 'Conflict',
    422: 'ValidationFailed',
  }
  /** `answer`: the success status and its response, one line or indented lines */
  const operation = (
    method: string,
    summary: string,
    action: string,
    answer: string[],
    statuses: number[]
  ) => [
    `    ${method}:`,
    `      tags: [${tag}]`,
    `      summary: ${summary}`,
    `      operationId: ${camel}${action}`,
    `      security: [{ bearer: [] }]`,
    `      responses:`,
    ...answer.map((line) => `        ${line}`),
    ...statuses.map((status) => `        '${status}': ${ref('responses', errors[status])}`),
  ]
  const one = `${ref('responses', `${name}Response`)}`
  const page = [
    `'200':`,
    `  description: OK`,
    `  content:`,
    `    application/json:`,
    `      schema:`,
    `        type: object`,
    `        required: [data, meta]`,
    `        properties:`,
    `          data: { type: array, items: ${ref('schemas', name)} }`,
    `          meta: ${ref('schemas', 'PaginationMeta')}`,
  ]
  const human = { one: string.noCase(name), many: string.noCase(namePlural) }
  return [
    `# ${tag} (make:resource ${name}): schemas from RESPONSE_SHAPES and REQUEST_VALIDATORS`,
    `paths:`,
    `  /${urlPath}:`,
    `    parameters: [${ref('parameters', 'CompanyId')}]`,
    ...operation(
      'get',
      `The company's ${human.many}, newest change first`,
      'Index',
      page,
      [401, 403, 422]
    ),
    ...operation('post', `Create a ${human.one}`, 'Store', [`'201': ${one}`], [401, 403, 422]),
    `  /${urlPath}/{id}:`,
    `    parameters:`,
    `      - { name: id, in: path, required: true, schema: { type: string, format: uuid } }`,
    `      - ${ref('parameters', 'CompanyId')}`,
    ...operation('get', `One ${human.one}`, 'Show', [`'200': ${one}`], [401, 403, 404]),
    ...operation(
      'put',
      `Replace a ${human.one}`,
      'Update',
      [`'200': ${one}`],
      [401, 403, 404, 422]
    ),
    ...operation(
      'delete',
      soft ? 'Soft delete' : 'Delete (409 while a record points to it)',
      'Destroy',
      [`'204': { description: Deleted }`],
      soft ? [401, 403, 404] : [401, 403, 404, 409]
    ),
    `components:`,
    `  responses:`,
    `    ${name}Response:`,
    `      description: OK`,
    `      content:`,
    `        application/json:`,
    `          schema:`,
    `            type: object`,
    `            required: [data]`,
    `            properties: { data: ${ref('schemas', name)} }`,
  ].join('\n')
}

export function buildState(
  name: string,
  fields: Field[],
  readers: MemberRole[],
  writers: MemberRole[],
  options: { global: boolean; softDelete: boolean; restrictingParents?: Field[] }
) {
  const global = options.global
  const soft = options.softDelete
  const namePlural = string.pluralize(name)
  const fileName = string.snakeCase(name)
  const tableName = string.pluralize(fileName)
  const urlPath = string.dashCase(namePlural)
  const humanPlural = string.sentenceCase(string.noCase(namePlural))
  const humanSingular = string.sentenceCase(string.noCase(name))
  const uniques = fields.filter((f) => f.unique)
  const companyCol = global
    ? ''
    : `table.uuid('company_id').notNullable().references('companies.id').onDelete('CASCADE')`
  const indexes = [
    ...(global ? [] : [`      table.index(['company_id', 'updated_at'])`]),
    ...(soft
      ? []
      : uniques.map((f) => `      table.unique([${global ? '' : "'company_id', "}'${f.column}'])`)),
    ...fields
      .filter((f) => f.index && !f.unique)
      .map((f) => `      table.index([${global ? '' : "'company_id', "}'${f.column}'])`),
    ...fields.filter((f) => f.parent).map((f) => `      table.index(['${f.column}'])`),
  ]
  const columns = [
    ...(companyCol ? [`      ${companyCol}`] : []),
    ...fields.map(columnLine),
    ...(soft ? [`      table.timestamp('deleted_at', { useTz: true }).nullable()`] : []),
  ]
  const hasDates = fields.some((f) => f.type === 'date' || f.type === 'datetime')
  const schemaRules = fields.map(schemaRule).filter((rule) => rule !== null)
  const scopeConditions = [
    ...(global ? [] : [`.where('${tableName}.company_id', companyId)`]),
    ...(soft ? [`.whereNull('${tableName}.deleted_at')`] : []),
  ]
  const searchable = fields.filter((f) => f.type === 'string' || f.type === 'text')
  const refs = fields.filter((f) => f.parent)
  const saveValues = fields.map(saveValue).filter(Boolean)
  const uniqueString = uniques.find((f) =>
    ['string', 'text', 'integer', 'decimal'].includes(f.type)
  )
  /** What the generated spec tells the suite beyond the url, model, roles and bodies */
  const suiteOptions = [
    ...(fields.some((f) => f.optional)
      ? [
          `    optional: [${fields
            .filter((f) => f.optional)
            .map((f) => q(f.name))
            .join(', ')}],`,
        ]
      : []),
    ...(uniqueString ? [`    unique: '${uniqueString.name}',`] : []),
    ...(searchable.length ? [`    search: '${searchable[0].name}',`] : []),
    ...(fields.some((f) => f.type === 'datetime')
      ? [
          `    notEchoed: [${fields
            .filter((f) => f.type === 'datetime')
            .map((f) => q(f.name))
            .join(', ')}],`,
        ]
      : []),
    ...(refs.length
      ? [
          `    /** one parent of each referenced table, in the company */`,
          `    parentsOf: async (company) => ({`,
          ...refs.map(
            (f) =>
              `      ${f.name}: (await ${f.parent!.model}Factory.merge({ companyId: company.id }).create()).id,`
          ),
          `    }),`,
        ]
      : []),
    ...(options.restrictingParents?.length
      ? [
          `    restrictingParents: { ${options.restrictingParents
            .map((f) => `${f.name}: '/${string.dashCase(string.pluralize(f.parent!.model))}'`)
            .join(', ')} },`,
        ]
      : []),
    ...(global ? ['    global: true,'] : []),
    ...(soft ? ['    softDelete: true,'] : []),
  ]
  const helpers = [
    'listRecordsValidator',
    ...(refs.length ? ['existsIn'] : []),
    ...(uniques.length ? ['uniqueIn'] : []),
    'type RecordMeta',
  ]

  return {
    name,
    namePlural,
    fileName,
    tableName,
    urlPath,
    routeName: tableName,
    humanPlural,
    humanSingular,
    humanSingularLower: string.noCase(name),
    article: /^[aeiou]/i.test(name) ? 'an' : 'a',
    notFoundMessage: `errors.${string.snakeCase(name)}_not_found`,
    inUseMessage: `errors.${string.snakeCase(name)}_in_use`,

    migrationPrefix: String(Date.now()),
    migrationColumns: columns.join('\n'),
    migrationIndexes: indexes.length ? `\n${indexes.join('\n')}` : '',
    /** with soft delete a deleted row frees its unique values */
    migrationAfter: soft
      ? uniques
          .map((f) => {
            const cols = `${global ? '' : 'company_id, '}${f.column}`
            const index = `${tableName}_${cols.replace(', ', '_')}_unique`
            return `    this.schema.raw(
      'CREATE UNIQUE INDEX ${index} ON ${tableName} (${cols}) WHERE deleted_at IS NULL'
    )`
          })
          .join('\n')
      : '',
    /** The class `migration:run` generates for the table (Lucid's name for it) */
    schemaClass: `${string.pascalCase(string.singular(tableName))}Schema`,
    schemaRules,
    scopeName: global ? 'visible' : 'ownedBy',
    scopeDoc: global
      ? soft
        ? ': not deleted'
        : ''
      : soft
        ? ": the company's, not deleted"
        : ": the company's",
    scopeParams: global ? '' : ', companyId: string',
    scopeBody: scopeConditions.length
      ? scopeConditions.join('')
      : `.whereNotNull('${tableName}.id')`,
    scopeArgs: global ? '' : 'companyId',
    scopeArgsCompany: global ? '' : 'company.id',
    finderName: global ? 'findVisible' : 'findOwned',
    finderParams: global ? '' : 'companyId: string, ',
    finderArgsCompany: global ? '' : 'company.id, ',
    finderDoc: global
      ? soft
        ? 'a deleted or unknown record'
        : 'an unknown record'
      : `another company's${soft ? ' (or a deleted)' : ''} record`,
    factoryImports: fields.some((f) => f.type === 'date' || f.type === 'datetime')
      ? `import { DateTime } from 'luxon'\n`
      : '',
    companyNote: global
      ? 'A record with fake values'
      : refs.length
        ? 'A record with fake values: merge its companyId and the ids of its parents'
        : 'A record with fake values: merge its companyId',
    factoryValues: fields.map(factoryValue).filter(Boolean).join('\n'),
    validatorHelpers: helpers.join(', '),
    validatorRules: fields.map((f) => validatorRule(f, tableName, global, soft)).join('\n'),
    searchDoc: searchable.length
      ? `; search looks in ${searchable.map((f) => string.noCase(f.name)).join(', ')}`
      : '',
    searchColumns: searchable.length
      ? `, [${searchable.map((f) => q(`${tableName}.${f.column}`)).join(', ')}]`
      : '',
    saveImports: hasDates ? `import { DateTime } from 'luxon'\n` : '',
    saveValues: `{ ${[...(global ? [] : ['companyId: company.id']), '...payload', ...saveValues].join(', ')} }`,
    deleteImports: soft
      ? `import { inject } from '@adonisjs/core'\nimport Clock from '#services/platform/clock'\n`
      : '',
    deleteHelper: soft ? 'softDeleteRecord' : 'deleteRecord',
    deleteArg: soft ? 'this.clock.local()' : q(`errors.${string.snakeCase(name)}_in_use`),
    deleteDoc: soft
      ? 'Soft delete: the row stays with deleted_at, reads skip it'
      : 'Deletes the record; while a row of another table points to it (RESTRICT), 409',
    deleteDecorator: soft ? '@inject()\n' : '',
    deleteConstructor: soft ? '  constructor(protected clock: Clock) {}\n' : '',
    shapeName: `${string.snakeCase(name).toUpperCase()}_SHAPE`,
    shapeFields: fields.map((f) => shapeField(f, name)).join('\n'),
    dtoImports: fields.some((f) => f.type === 'date')
      ? `import type ${name} from '#models/${fileName}'\n`
      : '',
    testImports: [
      ...(refs.length ? [`import { randomUUID } from 'node:crypto'\n`] : []),
      ...refs.map(
        (f) =>
          `import { ${f.parent!.model}Factory } from '#database/factories/${f.parent!.file}_factory'\n`
      ),
    ].join(''),
    readRoles: JSON.stringify(readers).replaceAll('"', "'"),
    writeRoles: JSON.stringify(writers).replaceAll('"', "'"),
    validBody: fields
      .map((f) => [f.name, sampleValue(f)])
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => `${key}: ${value}`)
      .join(', '),
    badValues: fields.map((f) => `${f.name}: ${badValue(f)}`).join(', '),
    suiteOptions: suiteOptions.join('\n'),
    companyTypeImport: global ? '' : `import type Company from '#models/company'\n`,
    companyParam: global ? '' : 'company: Company, ',
    companyArg: global ? '' : 'company, ',
    ctxCompany: global ? '' : ', company',
    fields,
    readers,
    writers,
    document: openApiFragment(name, namePlural, urlPath, soft),
  }
}

type State = ReturnType<typeof buildState>

export default class MakeResource extends BaseCommand {
  static commandName = 'make:resource'
  static description =
    'Scaffold a company-scoped CRUD resource in the house style: migration, model, factory, validators, actions, DTO, controller, routes, gates, OpenAPI, test'
  static help = [
    'node ace make:resource CostCenter code:string:unique name:string active:boolean',
    'Types: string, text, integer, decimal, boolean, date, datetime, uuid, enum(a|b|c), references',
    'Modifiers: unique (per company), optional, index',
  ]
  static options: CommandOptions = { startApp: true }

  @args.string({ description: 'Singular PascalCase name (CostCenter)' })
  declare name: string

  @args.spread({ description: 'Fields as name:type[:modifier...]', required: false })
  declare fields?: string[]

  @flags.string({
    description: 'Roles that read (comma list)',
    default: 'owner,admin,borrower,user',
  })
  declare readRoles: string

  @flags.string({ description: 'Roles that write (comma list)', default: 'owner,admin' })
  declare writeRoles: string

  @flags.boolean({ description: 'DELETE sets deleted_at; reads skip deleted rows' })
  declare softDelete: boolean

  @flags.boolean({ description: 'A table without company_id, shared by every company' })
  declare global: boolean

  @flags.boolean({ description: 'List the files without writing' })
  declare dryRun: boolean

  @flags.boolean({ description: 'Overwrite files that exist' })
  declare force: boolean

  @flags.boolean({
    description: 'Run eslint --fix on the written files (--no-format skips it)',
    default: true,
    showNegatedVariantInHelp: true,
  })
  declare format: boolean

  async run() {
    try {
      await this.#generate()
    } catch (error) {
      this.logger.error((error as Error).message)
      this.exitCode = 1
    }
  }

  async #generate() {
    const name = string.pascalCase(this.name)
    if (!/^[A-Z][A-Za-z0-9]*$/.test(name)) throw new Error(`"${this.name}" is not a class name`)
    const fields = (this.fields ?? []).map(parseField)
    if (!fields.length) throw new Error('Give at least one field, e.g. name:string')
    const duplicate = fields.find((f, i) => fields.findIndex((o) => o.name === f.name) !== i)
    if (duplicate) throw new Error(`The field ${duplicate.name} is given twice`)

    const readers = parseRoles(this.readRoles, 'read-roles')
    const writers = parseRoles(this.writeRoles, 'write-roles')
    const readGate = permissionFor(readers)
    const writeGate = permissionFor(writers)
    for (const [gate, roles] of [
      [readGate, readers],
      [writeGate, writers],
    ] as const) {
      if (!gate) {
        throw new Error(
          `No permission is held by exactly ${roles.join(', ')}: add one to app/support/permissions.ts (and tests/unit/permissions.spec.ts), or pick another role set`
        )
      }
    }

    const state = buildState(name, fields, readers, writers, {
      global: this.global,
      softDelete: this.softDelete,
      restrictingParents: fields.filter((f) => f.parent && !f.optional && this.#restricts(f)),
    })
    const files = await this.#prepare(state, { readGate: readGate!, writeGate: writeGate! })
    const edits = [...(await this.#edits(state)), ...(await this.#schemaRulesEdit(state))]

    const existing = files.filter((file) => existsSync(file.destination))
    if (existing.length && !this.force && !this.dryRun) {
      throw new Error(
        `Refusing to overwrite (use --force): ${existing.map((f) => this.app.relativePath(f.destination)).join(', ')}`
      )
    }
    const alreadyEdited = edits.filter((edit) => edit.already)
    if (alreadyEdited.length && !this.force && !this.dryRun) {
      throw new Error(
        `Already registered (use --force): ${alreadyEdited.map((e) => this.app.relativePath(e.path)).join(', ')}`
      )
    }

    if (this.dryRun) {
      this.logger.info('Dry run: nothing written. Would write:')
      for (const file of files)
        this.logger.log(`  create ${this.app.relativePath(file.destination)}`)
      for (const edit of edits) this.logger.log(`  update ${this.app.relativePath(edit.path)}`)
      return
    }

    for (const file of files) {
      await mkdir(dirname(file.destination), { recursive: true })
      await writeFile(file.destination, file.contents)
      this.logger.action(`create ${this.app.relativePath(file.destination)}`).succeeded()
    }
    for (const edit of edits.filter((e) => !e.already)) {
      await writeFile(edit.path, edit.contents)
      this.logger.action(`update ${this.app.relativePath(edit.path)}`).succeeded()
    }

    const written = [...files.map((f) => f.destination), ...edits.map((e) => e.path)]
    if (this.format) await this.#format(written.filter((path) => path.endsWith('.ts')))
    this.#nextSteps(state)
  }

  /** Whether the parent is a make:resource resource whose DELETE answers 409 while referenced */
  #restricts(field: Field) {
    const parent = field.parent!
    const action = this.app.makePath('app/actions', parent.table, `delete_${parent.file}.ts`)
    return existsSync(action) && /\bdeleteRecord\(/.test(readFileSync(action, 'utf8'))
  }

  /** `gates`: what the generated routes declare with `.gate(...)` */
  async #prepare(state: State, gates: { readGate: Permission; writeGate: Permission }) {
    const stubs = await this.app.stubs.create()
    const source = this.app.makePath('stubs')
    const data = { ...state, ...gates }
    const names = [
      'migration',
      'model',
      'factory',
      'validator',
      'list_action',
      'save_action',
      'delete_action',
      'dto',
      'controller',
      'routes',
      'openapi',
      'functional_test',
    ]
    const files = []
    for (const stubName of names) {
      const path = `make/resource/${stubName}.stub`
      const located = await stubs.build(path, { source })
      /** Same Stub class, fed the text with its backticks made literal (see templateSafe) */
      const StubClass = located.constructor as new (...params: unknown[]) => typeof located
      const raw = await readFile(this.app.makePath('stubs', path), 'utf8')
      const stub = new StubClass(this.app, templateSafe(raw), this.app.makePath('stubs', path))
      const { contents, destination } = await stub.prepare(data).catch((error: Error) => {
        throw new Error(`stubs/${path}: ${error.message}`)
      })
      files.push({ contents: `${contents.trim()}\n`, destination })
    }
    /** A migration of the same table under another timestamp is the same file */
    const migrations = this.app.makePath('database/migrations')
    const existing = await readdir(migrations)
    const same = existing.find((file) => file.endsWith(`_create_${state.tableName}_table.ts`))
    if (same) files[0].destination = `${migrations}/${same}`
    return files
  }

  /** Registrations in files that exist: the route index, request validators and the pinned reach */
  async #edits(state: State) {
    const routeName = state.routeName
    const edits: { path: string; contents: string; already: boolean }[] = []
    const edit = async (path: string, marker: string, change: (text: string) => string) => {
      const text = await readFile(path, 'utf8')
      edits.push({ path, contents: change(text), already: text.includes(marker) })
    }
    /**
     * The resource's messages in both locales (the pt-BR text names the
     * resource as typed: translate it when reviewing the generated files)
     */
    const messages: Record<string, Record<string, string>> = {
      'pt-BR': { not_found: 'não encontrado(a)', in_use: 'em uso' },
      'en': { not_found: 'not found', in_use: 'is in use' },
    }
    const key = string.snakeCase(state.name)
    for (const [locale, words] of Object.entries(messages)) {
      await edit(
        this.app.makePath(`resources/lang/${locale}/errors.json`),
        `"${key}_not_found"`,
        (text) => {
          const catalogue = JSON.parse(text) as Record<string, unknown>
          catalogue[`${key}_not_found`] = `${state.humanSingular} ${words.not_found}`
          catalogue[`${key}_in_use`] = `${state.humanSingular} ${words.in_use}`
          return `${JSON.stringify(catalogue, null, 2)}\n`
        }
      )
    }

    const routesIndex = this.app.makePath('start/routes.ts')
    const importLine = `import './routes/${state.tableName}.js'`
    await edit(routesIndex, importLine, (text) => `${text.trimEnd()}\n${importLine}\n`)

    /** The reads first: the pinned reach gives them the readers, the rest the writers */
    const routeNames = ['index', 'show', 'store', 'update', 'destroy'].map(
      (action) => `${routeName}.${action}`
    )
    const insertBeforeClose = (text: string, declaration: string, lines: string) => {
      const start = text.indexOf(declaration)
      if (start === -1) throw new Error(`Cannot find "${declaration}"`)
      const close = text.indexOf('\n}\n', start)
      return `${text.slice(0, close)}\n${lines}${text.slice(close)}`
    }
    /** `line` after the last import of `text` */
    const withImport = (text: string, line: string) => {
      const lastImport = text.lastIndexOf('\nimport ')
      const at = text.indexOf('\n', text.indexOf(" from '", lastImport)) + 1
      return `${text.slice(0, at)}${line}\n${text.slice(at)}`
    }
    /** The validators behind the request schemas of the document (REQUEST_VALIDATORS) */
    const save = `save${state.name}Validator`
    const list = `list${state.namePlural}Validator`
    await edit(
      this.app.makePath('app/support/request_validators.ts'),
      `'${routeName}.index'`,
      (text) => {
        return insertBeforeClose(
          withImport(text, `import { ${list}, ${save} } from '#validators/${state.fileName}'`),
          'export const REQUEST_VALIDATORS',
          `  '${routeName}.index': { query: ${list} },\n  '${routeName}.store': { body: ${save} },\n  '${routeName}.update': { body: ${save} },`
        )
      }
    )
    /** The shape gives the document its component schema (RESPONSE_SHAPES) */
    await edit(
      this.app.makePath('app/support/response_shapes.ts'),
      `${state.shapeName},`,
      (text) => {
        const imported = withImport(
          text,
          `import { ${state.shapeName} } from '#dtos/${state.fileName}_dto'`
        )
        const close = imported.indexOf('\n]', imported.indexOf('export const RESPONSE_SHAPES'))
        return `${imported.slice(0, close)}\n  ${state.shapeName},${imported.slice(close)}`
      }
    )
    const reach = (roles: MemberRole[]) => roles.join(' ')
    const comment = `  // ${state.humanPlural} (make:resource)`
    await edit(
      this.app.makePath('tests/unit/permissions.spec.ts'),
      `'${routeName}.index'`,
      (text) =>
        insertBeforeClose(
          text,
          'const REACH',
          `${comment}\n${routeNames
            .map((route, i) => `  '${route}': '${reach(i < 2 ? state.readers : state.writers)}',`)
            .join('\n')}`
        )
    )
    return edits
  }

  /** The table's entry in database/schema_rules.ts (the model's enum types), when it needs one */
  async #schemaRulesEdit(state: State) {
    if (!state.schemaRules.length) return []
    const path = this.app.makePath('database/schema_rules.ts')
    const text = await readFile(path, 'utf8')
    const tables = text.indexOf('\n  tables: {\n')
    if (tables === -1) throw new Error('Cannot find "tables: {" in database/schema_rules.ts')
    const at = tables + '\n  tables: {\n'.length
    const entry = `    ${state.tableName}: { columns: { ${state.schemaRules.join(', ')} } },\n`
    return [
      {
        path,
        contents: `${text.slice(0, at)}${entry}${text.slice(at)}`,
        already: text.includes(`\n    ${state.tableName}: {`),
      },
    ]
  }

  async #format(paths: string[]) {
    const run = promisify(execFile)
    try {
      await run('npx', ['eslint', '--fix', ...paths], { cwd: this.app.makePath() })
    } catch (error) {
      this.logger.warning(
        `eslint --fix reported problems:\n${(error as { stdout?: string }).stdout ?? error}`
      )
    }
  }

  #nextSteps(state: State) {
    this.logger.log('')
    this.logger.info('Next steps:')
    this.logger.log(`  1. Read the migration and the validator: limits, indexes, onDelete`)
    this.logger.log(
      `     then node ace migration:run (writes ${state.schemaClass} in database/schema.ts)`
    )
    this.logger.log(
      `  2. node ace test --files tests/functional/${state.tableName}/${state.tableName}.spec.ts`
    )
    this.logger.log(`  3. Record the resource's choices in docs/decisions.md`)
    this.logger.log(`  4. npx tsc --noEmit && npm run lint`)
  }
}
