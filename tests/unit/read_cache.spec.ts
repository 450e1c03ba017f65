import { test } from '@japa/runner'
import { ReadCache, readCacheKey, textBytes } from '#services/platform/read_cache'
import { readCacheLookups } from '#services/platform/metrics'
import type { ReadVersions } from '#support/read_versions'

/** A cached text body (ReadCache.text: its UTF-8 bytes) as text */
const asText = async (body: Promise<Buffer>) => (await body).toString()

const versions = (company: string): ReadVersions => ({
  company,
  hours: '1',
  compliance: '1',
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
    assert.equal(await asText(read()), '1')
    /* A hit is the very Buffer kept (its entity tag is found by identity) */
    assert.strictEqual(await read(), await read())
    assert.equal(reads, 1)
    /* Another scope's version does not matter to this read */
    const inboxChanged = { ...versions('1'), inbox: '9' }
    assert.equal(
      await asText(cache.text('list|a', inboxChanged, ['company'], async () => 'x')),
      '1'
    )
    assert.equal(
      await asText(cache.text('list|a', versions('2'), ['company'], async () => `${++reads}`)),
      '2'
    )
  })

  test('a read whose versions lack one of its scopes is read each time, kept for none', async ({
    assert,
  }) => {
    const cache = new ReadCache(1024 * 1024)
    let reads = 0
    const read = (v: ReadVersions) =>
      cache.lasting('detail|a', v, ['contract', 'directory'], async () => ({ value: ++reads }))
    assert.equal(await read(versions('1')), 1)
    assert.equal(await read(versions('1')), 2)
    assert.equal(cache.size.entries, 0)
    /* With the contract's version it is kept */
    assert.equal(await read({ ...versions('1'), contract: '5' }), 3)
    assert.equal(await read({ ...versions('1'), contract: '5' }), 3)
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

/** The lookups counted so far for `read`, by result */
async function lookupsOf(read: string) {
  const { values } = await readCacheLookups.get()
  const counts: Record<string, number> = {}
  for (const { labels, value } of values) {
    if (labels.read === read) counts[String(labels.result)] = value
  }
  return counts
}

test.group('ReadCache: what it counts', () => {
  test('a key is the read, a bar and the inputs as JSON, object keys sorted, arrays kept in order', ({
    assert,
  }) => {
    assert.equal(
      readCacheKey('list', ['c1', { search: 'x', page: 2, ids: ['b', 'a'] }, null, 3]),
      'list|["c1",{"ids":["b","a"],"page":2,"search":"x"},null,3]'
    )
  })

  test('a text body counts its UTF-8 bytes, a text in a value two a character and 64 more; a value of no size 1 KiB', async ({
    assert,
  }) => {
    assert.equal(textBytes('abcd'), 72)
    const cache = new ReadCache(1024 * 1024)
    await cache.text('list|a', versions('1'), ['company'], async () => 'ação')
    assert.deepEqual(cache.size, { entries: 1, bytes: 6 })
    await cache.remember('list|b', versions('1'), ['company'], 0, async () => ({ value: 1 }))
    assert.deepEqual(cache.size, { entries: 2, bytes: 6 + 1024 })
    /* Read again under new versions: the entry is replaced, not counted twice */
    await cache.text('list|a', versions('2'), ['company'], async () => 'abcdef')
    assert.deepEqual(cache.size, { entries: 2, bytes: 6 + 1024 })
    cache.clear()
    assert.deepEqual(cache.size, { entries: 0, bytes: 0 })
  })

  test('a value the size of the bound is kept; a larger one is only read', async ({ assert }) => {
    const cache = new ReadCache(1000)
    let reads = 0
    const put = (key: string, bytes: number) =>
      cache.remember(`list|${key}`, versions('1'), ['company'], 0, async () => ({
        value: ++reads,
        bytes,
      }))
    assert.equal(await put('full', 1000), 1)
    assert.equal(await put('full', 1000), 1)
    assert.equal(await put('over', 1001), 2)
    assert.equal(await put('over', 1001), 3)
    assert.deepEqual(cache.size, { entries: 1, bytes: 1000 })
  })

  test('a value with no time limit holds at any time', async ({ assert }) => {
    const cache = new ReadCache(1024 * 1024)
    let reads = 0
    const read = (now: number) =>
      cache.remember('list|forever', versions('1'), ['company'], now, async () => ({
        value: ++reads,
      }))
    assert.equal(await read(0), 1)
    assert.equal(await read(Number.MAX_SAFE_INTEGER), 1)
  })

  test('the stamp is every declared scope: a change of any one reads again', async ({ assert }) => {
    const cache = new ReadCache(1024 * 1024)
    const scopes = ['company', 'hours', 'compliance', 'inbox', 'user', 'directory'] as const
    let reads = 0
    const read = (v: ReadVersions) =>
      asText(cache.text('list|s', v, scopes, async () => `${++reads}`))
    assert.equal(await read(versions('1')), '1')
    let expected = 1
    for (const scope of scopes) {
      assert.equal(await read({ ...versions('1'), [scope]: '7' }), `${++expected}`, scope)
    }
    /* Versions 1 and 23 are not versions 12 and 3 */
    const two = ['company', 'inbox'] as const
    const cache2 = new ReadCache(1024 * 1024)
    const read2 = (company: string, inbox: string) =>
      asText(
        cache2.text(
          'list|t',
          { ...versions(company), inbox },
          two,
          async () => `${company}/${inbox}`
        )
      )
    assert.equal(await read2('1', '23'), '1/23')
    assert.equal(await read2('12', '3'), '12/3')
  })

  test('each lookup is counted under its read: a miss, a hit, a stale entry, a bypass', async ({
    assert,
  }) => {
    const before = await lookupsOf('counted')
    const cache = new ReadCache(1024 * 1024)
    await cache.text('counted|a', versions('1'), ['company'], async () => 'x')
    await cache.text('counted|a', versions('1'), ['company'], async () => 'x')
    await cache.text('counted|a', versions('2'), ['company'], async () => 'x')
    await cache.text('counted|a', null, ['company'], async () => 'x')
    await new ReadCache(0).text('counted|a', versions('1'), ['company'], async () => 'x')
    const after = await lookupsOf('counted')
    const delta = (result: string) => (after[result] ?? 0) - (before[result] ?? 0)
    assert.deepEqual(
      {
        miss: delta('miss'),
        hit: delta('hit'),
        stale: delta('stale'),
        bypass: delta('bypass'),
      },
      { miss: 1, hit: 1, stale: 1, bypass: 2 }
    )
  })
})
