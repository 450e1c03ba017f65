import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { test } from '@japa/runner'

/**
 * Authorization in two places only (STYLE.md): the route gates (the role
 * gate and, for API keys and the company context, the middleware that
 * resolves who is asking) and the policies. A record rule ("is this user
 * the signer", "may this owner change this member") is a policy method
 * run through the bouncer; nothing else throws a 403.
 */
const GATES: Record<string, string> = {
  'app/middleware/role_middleware.ts': 'the route permission gate',
  'app/middleware/auth_middleware.ts': 'the same gate for API keys (their permissions)',
  'app/middleware/company_context_middleware.ts':
    'the tenant context: the header and the membership that make the request role',
}

const THROWS_403 = /\bnew\s+(?:\w*Forbidden\w*|E_AUTHORIZATION_FAILURE)\s*\(|status:\s*403\b/

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return entry.name.endsWith('.ts') ? [path] : []
  })
}

test.group('Authorization places', () => {
  test('no 403 is thrown outside the policies and the gates', ({ assert }) => {
    const offenders = sourceFiles('app')
      .filter((file) => !file.startsWith('app/policies/') && !file.startsWith('app/exceptions/'))
      .filter((file) => !(file in GATES))
      .flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .map((line, index) => ({ line, at: `${file}:${index + 1}` }))
          .filter(({ line }) => THROWS_403.test(line))
          .map(({ at, line }) => `${at}: ${line.trim()}`)
      )
    assert.deepEqual(offenders, [], 'a record rule belongs in a policy (app/policies)')
  })

  test('every policy is registered and extends the project base', ({ assert }) => {
    const registry = readFileSync('app/policies/main.ts', 'utf8')
    for (const file of sourceFiles('app/policies')) {
      if (file.endsWith('/main.ts') || file.endsWith('/base_policy.ts')) continue
      const source = readFileSync(file, 'utf8')
      const name = /export default class (\w+)/.exec(source)?.[1]
      assert.isDefined(name, file)
      assert.include(registry, `${name}: () => import('#policies/`, `${name} in policies/main.ts`)
      assert.include(source, `extends AppPolicy`, `${file} extends AppPolicy`)
    }
  })
})
