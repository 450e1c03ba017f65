import { totalPages } from '#support/pagination'

/**
 * `meta` of the lists that page with `page`/`pageSize` (team, providers,
 * hours): {total, page, pageSize, totalPages}, and `totalCapped: true` when
 * a search's total stopped at its cap.
 */
export default class PageMetaDto {
  static from(total: number, page: number, pageSize: number, capped = false) {
    const meta = { total, page, pageSize, totalPages: totalPages(total, pageSize) }
    return capped ? { ...meta, totalCapped: true as const } : meta
  }
}
