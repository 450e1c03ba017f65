import { totalPages } from '#support/pagination'

/**
 * `meta` of paginated lists: {total, page, perPage, totalPages}.
 */
export default class PaginationMetaDto {
  static from(total: number, page: number, perPage: number) {
    return { total, page, perPage, totalPages: totalPages(total, perPage) }
  }

  static fromPaginator(paginator: { total: number; currentPage: number; perPage: number }) {
    return PaginationMetaDto.from(paginator.total, paginator.currentPage, paginator.perPage)
  }
}
