import type { Database } from '@adonisjs/lucid/database'
import type { FieldContext } from '@vinejs/vine/types'
import vine from '@vinejs/vine'
import { pageField, pageSizeField } from '#validators/rules/pagination'

/**
 * The rules the CRUD resources of make:resource share. Their save
 * validators know the company (uniqueness and references are per company)
 * and the record being replaced (a record keeps its own value).
 */
export interface RecordMeta {
  companyId: string
  id?: string
}

interface Scope {
  /** the table has no company_id: one value across every company */
  global?: boolean
  /** soft-deleted rows free their values */
  softDelete?: boolean
}

/** `.unique(...)`: no other row of `table` (in the company, not deleted) has the value */
export function uniqueIn(table: string, column: string, scope: Scope = {}) {
  return async (db: Database, value: unknown, field: FieldContext) => {
    const meta = field.meta as RecordMeta
    const row = await db
      .from(table)
      .where(column, value as string)
      .if(!scope.global, (query) => query.where('company_id', meta.companyId))
      .if(scope.softDelete, (query) => query.whereNull('deleted_at'))
      .if(meta.id, (query) => query.whereNot('id', meta.id!))
      .first()
    return !row
  }
}

/** `.exists(...)`: the id is a row of `table` (of the company) */
export function existsIn(table: string, scope: Pick<Scope, 'global'> = {}) {
  return async (db: Database, value: unknown, field: FieldContext) => {
    const meta = field.meta as RecordMeta
    const row = await db
      .from(table)
      .where('id', value as string)
      .if(!scope.global, (query) => query.where('company_id', meta.companyId))
      .first()
    return Boolean(row)
  }
}

/** The list filters of a resource: search, page and size */
export const listRecordsValidator = () =>
  vine.create({
    search: vine.string().trim().maxLength(100).optional(),
    page: pageField(),
    perPage: pageSizeField(100),
  })
