import { test } from '@japa/runner'

/** `"<name>";r=<remaining>;t=<seconds>` -> its numbers */
function parse(header: string | undefined) {
  const match = /^"([a-z_]+)";r=(\d+);t=(\d+)$/.exec(header ?? '')
  if (!match) throw new Error(`malformed RateLimit header: ${header}`)
  return { name: match[1], remaining: Number(match[2]), reset: Number(match[3]) }
}

test.group('Integrators / RateLimit headers', () => {
  test('every answer of a limited route carries the policy and the remaining allowance', async ({
    client,
    assert,
  }) => {
    const remaining: number[] = []
    for (let i = 0; i < 10; i++) {
      /* Refused registrations count too (REGISTER_RATE_LIMIT, 10 an hour) */
      const refused = await client.post('/api/v1/auth/register').json({})
      refused.assertStatus(422)
      assert.equal(refused.header('ratelimit-policy'), '"auth_register";q=10;w=3600')
      const state = parse(refused.header('ratelimit'))
      assert.equal(state.name, 'auth_register')
      assert.isAtMost(state.reset, 3600)
      remaining.push(state.remaining)
    }
    assert.deepEqual(remaining, [9, 8, 7, 6, 5, 4, 3, 2, 1, 0])

    const limited = await client.post('/api/v1/auth/register').json({})
    limited.assertStatus(429)
    assert.isString(limited.body().message)
    assert.isAbove(Number(limited.header('retry-after')), 0)
    assert.equal(limited.header('ratelimit-policy'), '"auth_register";q=10;w=3600')
    assert.equal(parse(limited.header('ratelimit')).remaining, 0)
  })

  test('a route without a limit sends no RateLimit headers', async ({ client, assert }) => {
    const response = await client.post('/api/v1/auth/login').json({})
    assert.isUndefined(response.header('ratelimit'))
    assert.isUndefined(response.header('ratelimit-policy'))
  })
})
