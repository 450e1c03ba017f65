import { test } from '@japa/runner'
import { lookupsBetween, lookupsFromMetrics } from '#bench/mix'

/**
 * The mixed bench's read-cache figures (`npm run bench -- --mix`), read
 * from each API process's /metrics: summed over the processes, in all and
 * per cached read, and the lookups of the run are the difference of two
 * readings.
 */
const metrics = (lines: string[]) =>
  [
    '# HELP read_cache_lookups_total Cached list reads by list and result',
    '# TYPE read_cache_lookups_total counter',
    ...lines,
    'http_request_duration_seconds_count{route="metrics",method="GET",status="200"} 4',
  ].join('\n')

test.group('Bench / mixed run: read-cache lookups', () => {
  test('summed over the processes, in all and per read; other metrics ignored', ({ assert }) => {
    const { total, reads } = lookupsFromMetrics([
      metrics([
        'read_cache_lookups_total{read="team",result="hit"} 3',
        'read_cache_lookups_total{read="team",result="stale"} 5',
        'read_cache_lookups_total{read="contracts",result="miss"} 7',
      ]),
      metrics([
        'read_cache_lookups_total{read="team",result="hit"} 2',
        'read_cache_lookups_total{read="contracts",result="bypass"} 1',
      ]),
    ])
    assert.deepEqual(total, { hit: 5, miss: 7, stale: 5, bypass: 1 })
    assert.deepEqual(reads, {
      team: { hit: 5, miss: 0, stale: 5, bypass: 0 },
      contracts: { hit: 0, miss: 7, stale: 0, bypass: 1 },
    })
  })

  test("a run's lookups are the change between two readings, with the share that hit", ({
    assert,
  }) => {
    const before = { hit: 10, miss: 4, stale: 2, bypass: 0 }
    const after = { hit: 16, miss: 5, stale: 3, bypass: 0 }
    assert.deepEqual(lookupsBetween(before, after), {
      hit: 6,
      miss: 1,
      stale: 1,
      bypass: 0,
      hitRate: 0.75,
    })
    /** A read first looked up during the run has no earlier reading */
    assert.deepEqual(lookupsBetween(undefined, { hit: 0, miss: 2, stale: 0, bypass: 0 }), {
      hit: 0,
      miss: 2,
      stale: 0,
      bypass: 0,
      hitRate: 0,
    })
    assert.isNull(lookupsBetween(before, before).hitRate)
  })
})
