import db from '@adonisjs/lucid/services/db'
import type { DateTime } from 'luxon'
import type {
  LucidModel,
  LucidRow,
  ModelAttributes,
  ModelQueryBuilderContract,
} from '@adonisjs/lucid/types/model'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { ConflictException } from '#exceptions/http_exceptions'
import { escapeLike } from '#support/like'

/**
 * The steps the CRUD resources of make:resource share; each resource's
 * actions call them with its model, its tenant finder (as `find`) and its
 * messages, so the lookups stay on the model.
 */
type Find<Row> = (trx: TransactionClientContract) => Promise<Row>

/** restrict_violation (onDelete RESTRICT) and foreign_key_violation (NO ACTION) */
const STILL_REFERENCED = new Set(['23001', '23503'])

/** A page of `query`, newest change first; `search` looks in `columns` (ILIKE, escaped) */
export function listRecords<Model extends LucidModel>(
  query: ModelQueryBuilderContract<Model>,
  filters: { search?: string; page?: number; perPage?: number },
  columns: string[] = []
) {
  const search = filters.search
  return query
    .if(search && columns.length, (scoped) =>
      scoped.where((where) => {
        for (const column of columns) where.orWhereILike(column, `%${escapeLike(search!)}%`)
      })
    )
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .paginate(filters.page ?? 1, filters.perPage ?? 20)
}

/**
 * Creates a record of `model` with `values`, or replaces the one `find`
 * loads by `id` (PUT), in one transaction: the finder locks the row meanwhile.
 */
export function saveRecord<Model extends LucidModel>(
  model: Model,
  values: Partial<ModelAttributes<InstanceType<Model>>>,
  id: string | undefined,
  find: (id: string, trx: TransactionClientContract) => Promise<InstanceType<Model>>
): Promise<InstanceType<Model>> {
  return db.transaction(async (trx) => {
    const record = id ? await find(id, trx) : (new model() as InstanceType<Model>)
    record.useTransaction(trx)
    record.merge(values)
    await record.save()
    return record
  })
}

/** Deletes the record `find` loads; while a row of another table points to it (RESTRICT), 409 `inUse` */
export function deleteRecord(find: Find<LucidRow>, inUse: string) {
  return db.transaction(async (trx) => {
    const record = await find(trx)
    try {
      await record.useTransaction(trx).delete()
    } catch (error) {
      if (!STILL_REFERENCED.has((error as { code?: string }).code ?? '')) throw error
      throw new ConflictException(inUse)
    }
  })
}

/** Soft delete: the row `find` loads stays with deleted_at (`at`), reads skip it */
export function softDeleteRecord(
  find: Find<LucidRow & { deletedAt: DateTime | null }>,
  at: DateTime
) {
  return db.transaction(async (trx) => {
    const record = await find(trx)
    record.useTransaction(trx)
    record.deletedAt = at
    await record.save()
  })
}
