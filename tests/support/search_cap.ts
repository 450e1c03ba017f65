import { searchTotals } from '#support/pagination'

/**
 * A group's `each.setup`: the search caps lowered (a list's to `cap`, a
 * board column's to `columnCap`, the matches the walks are sized for to
 * `walkedMatches`, each the same as `cap` unless given) for each test, so
 * that a few rows pass them, then put back to what they were, even when
 * the test lowered them again.
 */
export function withSearchCap(cap: number, columnCap = cap, walkedMatches = cap) {
  return () => {
    const before = { ...searchTotals }
    Object.assign(searchTotals, { cap, columnCap, walkedMatches })
    return () => {
      Object.assign(searchTotals, before)
    }
  }
}
