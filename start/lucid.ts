import { BaseModel, Preloader } from '@adonisjs/lucid/orm'
import type { LucidRow } from '@adonisjs/lucid/types/model'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import { prepared } from '#support/prepared_statement'

/**
 * Lucid 22.4 loads the relations of one preload level with Promise.all. In
 * a transaction they all go to its one connection, where pg 8 queues them
 * with a deprecation warning and pg 9 will refuse them
 * (adonisjs/lucid#1199, fixed upstream, not released yet). So inside a
 * transaction they run one after the other; on the pool they stay in
 * parallel. Remove this file when a Lucid release has the fix.
 */
interface PreloaderInternals {
  preloads: Record<string, unknown>
  processRelation(name: string, parent: LucidRow, client: QueryClientContract): Promise<void>
  processRelationForMany(
    name: string,
    parent: LucidRow[],
    client: QueryClientContract
  ): Promise<void>
}

const parallelForOne = Preloader.prototype.processAllForOne
const parallelForMany = Preloader.prototype.processAllForMany

Preloader.prototype.processAllForOne = async function (parent, client) {
  if (!client.isTransaction) return parallelForOne.call(this, parent, client)
  const preloader = this as unknown as PreloaderInternals
  for (const name of Object.keys(preloader.preloads)) {
    await preloader.processRelation(name, parent, client)
  }
}

Preloader.prototype.processAllForMany = async function (parent, client) {
  if (!client.isTransaction || !parent.length) return parallelForMany.call(this, parent, client)
  const preloader = this as unknown as PreloaderInternals
  for (const name of Object.keys(preloader.preloads)) {
    await preloader.processRelationForMany(name, parent, client)
  }
}

/**
 * A model's own writes (insert, update and delete by primary key, refresh)
 * run as prepared statements (`prepared`): their plan never depends on the
 * values, and PostgreSQL planned each on every run (a contract's UPDATE
 * 0.135 ms, an insert 0.02-0.03). Each set of columns is its own text.
 */
type QueryFor = (action: string, client: QueryClientContract) => { knexQuery: unknown }
const model = BaseModel.prototype as unknown as { $getQueryFor: QueryFor }
const queryFor = model.$getQueryFor
model.$getQueryFor = function (this: unknown, action, client) {
  return prepared(queryFor.call(this, action, client))
}
