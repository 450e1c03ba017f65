import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { test } from '@japa/runner'

/**
 * Time comes from the Clock (STYLE.md): nothing in app/ reads the wall
 * clock but app/support/clock.ts. Injected code asks the Clock,
 * the rest `nowUtc()` / `nowLocal()`; the outbox, stamped by PostgreSQL's
 * now(), reads real time through the clock's `wallNow()`. `new Date(value)`
 * is a conversion, not a read; elapsed time is measured with
 * `performance.now()`.
 */
const CLOCK = 'app/support/clock.ts'

const CLOCK_READ = /\bDateTime\.(?:now|utc|local)\(\s*\)|\bnew Date\(\s*\)|\bDate\.now\(\s*\)/

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return entry.name.endsWith('.ts') ? [path] : []
  })
}

test.group('Clock reads', () => {
  test('no direct clock read in app/ outside the clock', ({ assert }) => {
    const reads = sourceFiles('app')
      .filter((path) => path !== CLOCK)
      .flatMap((path) =>
        readFileSync(path, 'utf8')
          .split('\n')
          .flatMap((line, index) =>
            CLOCK_READ.test(line) ? [`${path}:${index + 1}: ${line.trim()}`] : []
          )
      )
    assert.deepEqual(reads, [])
  })

  test('the pattern catches each form of a read and skips conversions', ({ assert }) => {
    for (const read of [
      'DateTime.now()',
      'DateTime.utc()',
      'DateTime.local()',
      'new Date()',
      'Date.now()',
    ]) {
      assert.match(read, CLOCK_READ)
    }
    for (const conversion of [
      'new Date(value)',
      'DateTime.utc(2026, 1, 1)',
      'DateTime.fromJSDate(d)',
    ]) {
      assert.notMatch(conversion, CLOCK_READ)
    }
  })
})
