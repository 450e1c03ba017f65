import { test } from '@japa/runner'
import { digestTag, noneMatches } from '#support/entity_tags'
import { totalPages } from '#support/pagination'

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
})
