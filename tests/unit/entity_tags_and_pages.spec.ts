import { test } from '@japa/runner'
import { digestTag, noneMatches } from '#support/entity_tags'
import {
  countWalkRows,
  coveredPageWalkRows,
  pageWalkRows,
  pageWindowSql,
  sampleWalkRows,
  searchTotals,
  totalPages,
} from '#support/pagination'
import { withSearchCap } from '#tests/support/search_cap'

test.group('Paging: totalPages', () => {
  test('{total} rows by {size}: {pages} page(s)')
    .with([
      { total: 0, size: 10, pages: 1 },
      { total: 1, size: 10, pages: 1 },
      { total: 10, size: 10, pages: 1 },
      { total: 11, size: 10, pages: 2 },
      { total: 21, size: 10, pages: 3 },
      { total: 100, size: 50, pages: 2 },
    ])
    .run(({ assert }, { total, size, pages }) => {
      assert.equal(totalPages(total, size), pages)
    })
})

test.group('Paging: search totals', () => {
  test('a list counts to 200, a board column to 100; the walks are sized for 1000 matches', ({
    assert,
  }) => {
    assert.deepEqual(searchTotals, { cap: 200, walkedMatches: 1000, columnCap: 100 })
  })
})

test.group('Paging: the rows a bounded search walks', (group) => {
  group.each.setup(withSearchCap(200, 100, 1000))

  test('the count walk is three rows a walked match, plus three; its sample 200 rows at most', ({
    assert,
  }) => {
    assert.equal(countWalkRows(), 3003)
    assert.equal(sampleWalkRows(), 200)
    searchTotals.cap = 10
    assert.equal(countWalkRows(), 3003, 'the cap alone does not move the walks')
    searchTotals.walkedMatches = 100
    assert.equal(countWalkRows(), 303)
    searchTotals.walkedMatches = 5
    assert.equal(countWalkRows(), 18)
    assert.equal(sampleWalkRows(), 18)
  })

  test('a page walk is three rows a match of the walked matches or of the page end, whichever is more', ({
    assert,
  }) => {
    assert.equal(pageWalkRows(20), 3003)
    assert.equal(pageWalkRows(1001), 3003)
    assert.equal(pageWalkRows(5000), 15000)
    searchTotals.walkedMatches = 100
    assert.equal(pageWalkRows(11), 303)
    assert.equal(pageWalkRows(150), 450)
  })

  test('a walk down a covering index goes ten times as deep', ({ assert }) => {
    assert.equal(coveredPageWalkRows(20), 30030)
    assert.equal(coveredPageWalkRows(5000), 150000)
    searchTotals.walkedMatches = 100
    assert.equal(coveredPageWalkRows(11), 3030)
  })
})

test.group('Paging: a prepared page window', () => {
  test('the page size is literal, the offset a sub-select', ({ assert }) => {
    assert.equal(pageWindowSql(1), 'LIMIT 1 OFFSET (SELECT CAST(:offset AS bigint))')
    assert.equal(pageWindowSql(20, '?'), 'LIMIT 20 OFFSET (SELECT CAST(? AS bigint))')
  })

  test('a page size of {limit} is refused, never written into the text')
    .with([{ limit: 0 }, { limit: -1 }, { limit: 1.5 }, { limit: Number.NaN }, { limit: 2 ** 53 }])
    .run(({ assert }, { limit }) => {
      assert.throws(() => pageWindowSql(limit), `Invalid page size: ${limit}`)
    })
})

test.group('Entity tags: If-None-Match (RFC 9110 13.1.2)', () => {
  const tag = digestTag('body')

  test('a strong tag is quoted and depends on every part, in order', ({ assert }) => {
    assert.match(tag, /^"[A-Za-z0-9+/]{27}"$/)
    assert.equal(digestTag('body'), tag)
    assert.notEqual(digestTag('a', 'b'), digestTag('b', 'a'))
    assert.notEqual(digestTag('ab'), digestTag('a', 'b'))
  })

  test('{label}')
    .with([
      { label: 'no header never matches', header: undefined, matches: false },
      { label: 'the tag itself', header: tag, matches: true },
      { label: 'a weak form of it', header: `W/${tag}`, matches: true },
      { label: 'one of a list', header: `"other", ${tag}`, matches: true },
      { label: 'any tag (*), spaces around', header: ' * ', matches: true },
      { label: 'another tag', header: '"other"', matches: false },
      { label: 'the tag unquoted', header: tag.slice(1, -1), matches: false },
    ])
    .run(({ assert }, { header, matches }) => {
      assert.equal(noneMatches(header, tag), matches)
    })

  test('weakly both ways, and only a leading W/ is the weak mark: {label}')
    .with([
      { label: 'a weak tag asked strong', header: '"x"', tag: 'W/"x"', matches: true },
      { label: 'a weak tag asked weak', header: 'W/"x"', tag: 'W/"x"', matches: true },
      { label: 'W/ inside the asked tag', header: '"aW/b"', tag: '"ab"', matches: false },
      { label: 'W/ inside our tag', header: '"ab"', tag: '"aW/b"', matches: false },
    ])
    .run(({ assert }, { header, tag: ours, matches }) => {
      assert.equal(noneMatches(header, ours), matches)
    })
})
