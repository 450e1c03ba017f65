import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { test } from '@japa/runner'

/**
 * app/actions holds one use case per file (STYLE.md, Actions and
 * services): one default class with its `handle()`, and no second exported class.
 * Helpers shared by several actions are services (app/services/<area>/).
 */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return entry.name.endsWith('.ts') ? [path] : []
  })
}

/** Why a file of app/actions is not one action, or null */
function shapeProblem(source: string): string | null {
  const defaults = source.match(/^export default class \w+/gm) ?? []
  if (defaults.length !== 1) return `${defaults.length} default classes`
  const exported = source.match(/^export (?:default )?class \w+/gm) ?? []
  if (exported.length !== 1) return `${exported.length} exported classes`
  if (!/^ {2}(?:async )?handle\s*[(<]/m.test(source)) return 'no handle() method'
  return null
}

test.group('Action shape', () => {
  test('every file of app/actions is one default class with a handle method', ({ assert }) => {
    const files = sourceFiles('app/actions')
    assert.isAbove(files.length, 100)
    const problems = files
      .map((file) => ({ file, problem: shapeProblem(readFileSync(file, 'utf8')) }))
      .filter(({ problem }) => problem !== null)
      .map(({ file, problem }) => `${file}: ${problem}`)
    assert.deepEqual(problems, [], 'files of app/actions that are not one action')
  })

  test('the rule catches helpers and second actions', ({ assert }) => {
    assert.isNull(shapeProblem('export default class A {\n  handle() {}\n}\n'))
    assert.isNull(shapeProblem('export default class A {\n  async handle(x: X) {}\n}\n'))
    assert.isNotNull(shapeProblem('export function recordX() {}\n'))
    assert.isNotNull(shapeProblem('export default class A {\n  create() {}\n}\n'))
    assert.isNotNull(
      shapeProblem(
        'export default class A {\n  handle() {}\n}\nexport class B {\n  handle() {}\n}\n'
      )
    )
  })
})
