import { searchTotals } from '#support/pagination'

/**
 * A group's `each.setup`: the search cap lowered to `cap` for each test (so
 * that a few rows pass it), then put back to what it was, even when the
 * test lowered it again.
 */
export function withSearchCap(cap: number) {
  return () => {
    const before = searchTotals.cap
    searchTotals.cap = cap
    return () => {
      searchTotals.cap = before
    }
  }
}
