import { test } from '@japa/runner'
import { ReadCache, readCacheKey } from '#services/platform/read_cache'
import type { ReadVersions } from '#support/read_versions'

const versions = (company: string): ReadVersions => ({
  company,
  inbox: '1',
  user: '1',
  directory: '1',
})

test.group('ReadCache', () => {
  test('serves a value only under the versions of its scopes it was read under', async ({
    assert,
  }) => {
    const cache = new ReadCache(1024 * 1024)
    let reads = 0
    const read = () => cache.text('list|a', versions('1'), ['company'], async () => `${++reads}`)
    assert.equal(await read(), '1')
    assert.equal(await read(), '1')
    /* Another scope's version does not matter to this read */
    const inboxChanged = { ...versions('1'), inbox: '9' }
    assert.equal(await cache.text('list|a', inboxChanged, ['company'], async () => 'x'), '1')
    assert.equal(
      await cache.text('list|a', versions('2'), ['company'], async () => `${++reads}`),
      '2'
    )
  })

  test('a time-bound value is read again once its time is up', async ({ assert }) => {
    const cache = new ReadCache(1024 * 1024)
    let reads = 0
    const read = (now: number) =>
      cache.remember('list|t', versions('1'), ['company'], now, async () => ({
        value: ++reads,
        validUntil: 1000,
      }))
    assert.equal(await read(999), 1)
    assert.equal(await read(999), 1)
    assert.equal(await read(1000), 2)
  })

  test('holds at most its bound in bytes, least recently used out first', async ({ assert }) => {
    const cache = new ReadCache(3000)
    const put = (key: string) =>
      cache.remember(`list|${key}`, versions('1'), ['company'], 0, async () => ({
        value: key,
        bytes: 1000,
      }))
    await put('a')
    await put('b')
    await put('c')
    await put('a') /* a is now the most recent */
    await put('d')
    assert.deepEqual(cache.size, { entries: 3, bytes: 3000 })
    let reread = false
    await cache.remember('list|b', versions('1'), ['company'], 0, async () => {
      reread = true
      return { value: 'b', bytes: 1000 }
    })
    assert.isTrue(reread, 'b was the least recently used')
  })

  test('a bound of 0 turns it off; keys ignore the order of the filters', async ({ assert }) => {
    const off = new ReadCache(0)
    let reads = 0
    await off.text('list|a', versions('1'), ['company'], async () => `${++reads}`)
    await off.text('list|a', versions('1'), ['company'], async () => `${++reads}`)
    assert.equal(reads, 2)
    assert.equal(
      readCacheKey('list', [{ page: 1, search: 'x' }]),
      readCacheKey('list', [{ search: 'x', page: 1 }])
    )
  })
})
