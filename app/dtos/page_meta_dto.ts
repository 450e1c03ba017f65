import { totalPages } from '#support/pagination'

/**
 * `meta` of the lists that page with `page`/`pageSize` (team, providers,
 * hours): {total, page, pageSize, totalPages}.
 */
export default class PageMetaDto {
  static from(total: number, page: number, pageSize: number) {
    return { total, page, pageSize, totalPages: totalPages(total, pageSize) }
  }
}
