import type { ModelPaginatorContract } from '@adonisjs/lucid/types/model'

/**
 * `meta` of paginated lists: {total, page, perPage, totalPages}.
 */
export default class PaginationMetaDto {
  static fromPaginator(
    paginator: Pick<ModelPaginatorContract<any>, 'total' | 'currentPage' | 'perPage' | 'lastPage'>
  ) {
    return {
      total: paginator.total,
      page: paginator.currentPage,
      perPage: paginator.perPage,
      totalPages: paginator.lastPage,
    }
  }
}
