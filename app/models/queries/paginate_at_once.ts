import { ModelPaginator } from '@adonisjs/lucid/orm'
import type { LucidModel, ModelQueryBuilderContract } from '@adonisjs/lucid/types/model'

/**
 * A model query's page as Lucid's `paginate()` answers it, with the count
 * and the page read side by side instead of one after the other: under
 * load each statement of a request waits its turn (about 20 ms a statement
 * in the mixed bench), so a route's latency follows how many it sends in
 * a row. The page is read even when the count is 0 (an empty read). A
 * prepared query (`prepared`) prepares both, its clones included.
 */
export async function paginateAtOnce<Model extends LucidModel>(
  query: ModelQueryBuilderContract<Model, InstanceType<Model>>,
  page: number,
  perPage: number
) {
  const counted = query
    .clone()
    .clearOrder()
    .clearLimit()
    .clearOffset()
    .clearSelect()
    .count('* as total')
    .pojo<{ total: number | string }>()
  const [[{ total }], rows] = await Promise.all([counted, query.clone().forPage(page, perPage)])
  const paginator = new ModelPaginator(Number(total), perPage, page, ...rows)
  paginator.namingStrategy = query.model.namingStrategy
  return paginator
}
