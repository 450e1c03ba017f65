import { readFileSync, writeFileSync } from 'node:fs'
import type { Assert } from '@japa/assert'
import app from '@adonisjs/core/services/app'

/**
 * Compares `actual` with the checked-in file at `path` (relative to the
 * app root), naming the first line that differs; with `<updateVariable>=1`
 * in the environment the file is rewritten first.
 */
export function assertRecorded(
  assert: Assert,
  actual: string,
  { path, updateVariable, label }: { path: string; updateVariable: string; label: string }
) {
  const file = app.makePath(path)
  if (process.env[updateVariable] === '1') writeFileSync(file, actual)
  const recorded = readFileSync(file, 'utf8')
  const recordedLines = recorded.split('\n')
  const [first] = actual
    .split('\n')
    .map((line, index) => ({ line, index, recorded: recordedLines[index] }))
    .filter(({ line, recorded: other }) => line !== other)
  assert.isUndefined(
    first,
    first &&
      `line ${first.index + 1} differs from ${path}:\n  ${label}: ${first.line}\n  recorded: ${first.recorded}`
  )
  assert.equal(actual, recorded)
}
