import { existsSync } from 'node:fs'
import { test } from '@japa/runner'
import { cpuPerRequest, parseProcStat, readCpu } from '#bench/process_cpu'

/**
 * The mixed bench's CPU a request (`npm run bench -- --mix`): read from
 * /proc for the API process and the host's PostgreSQL processes.
 */
test.group('Bench / CPU a request', () => {
  test('a /proc stat line gives its command and user + system seconds', ({ assert }) => {
    const line =
      '4242 (postgres) S 1 4242 4242 0 -1 4194560 1234 0 0 0 250 75 0 0 20 0 1 0 100 1000 10 18446744073709551615'
    assert.deepEqual(parseProcStat(line), { command: 'postgres', seconds: 3.25 })
    /** A name with spaces and parentheses: the fields start after the last ')' */
    const named = '77 (node (bench) x) R 1 77 77 0 -1 0 0 0 0 0 100 50 0 0 20 0 1 0 1 1 1'
    assert.deepEqual(parseProcStat(named), { command: 'node (bench) x', seconds: 1.5 })
    assert.isNull(parseProcStat('no command here'))
  })

  test('ms a request between two readings; the API unknown stays unknown', ({ assert }) => {
    const before = { api: 10, postgres: 4 }
    const after = { api: 12, postgres: 5.5 }
    assert.deepEqual(cpuPerRequest(before, after, 1000), { apiMs: 2, postgresMs: 1.5 })
    assert.deepEqual(cpuPerRequest({ api: null, postgres: 4 }, { api: null, postgres: 5 }, 500), {
      apiMs: null,
      postgresMs: 2,
    })
    /** PostgreSQL processes that ended between the readings never make it negative */
    assert.equal(cpuPerRequest(before, { api: 12, postgres: 3 }, 1000)?.postgresMs, 0)
    assert.isUndefined(cpuPerRequest(null, after, 1000))
    assert.isUndefined(cpuPerRequest(before, after, 0))
  })

  test('reads this process on Linux', ({ assert }) => {
    if (!existsSync('/proc/self/stat')) return
    const spin = Date.now() + 30
    while (Date.now() < spin) {}
    const reading = readCpu(process.pid)
    assert.isNotNull(reading)
    assert.isAbove(reading!.api!, 0)
    assert.isAtLeast(reading!.postgres, 0)
  })
})
