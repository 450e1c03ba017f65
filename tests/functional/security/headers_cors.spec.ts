import { test } from '@japa/runner'
import type { ApiResponse } from '@japa/api-client'
import { securityHeaders } from '#middleware/security_headers_middleware'
import { corsOriginsRule } from '#support/http_trust'

/** One of the development/test defaults of CORS_ORIGINS (unset in .env.test) */
const ALLOWED_ORIGIN = 'http://localhost:5173'

/**
 * Preflights are answered by the CORS middleware before routing, the same
 * for every path; this one lies outside /api/v1, whose OpenAPI document
 * (checked on every test response) lists no OPTIONS operations.
 */
const PREFLIGHT_PATH = '/preflight'

function assertSecurityHeaders(response: ApiResponse, assert: any) {
  assert.equal(response.header('x-content-type-options'), 'nosniff')
  assert.equal(response.header('referrer-policy'), 'no-referrer')
  assert.include(response.header('content-security-policy'), "frame-ancestors 'none'")
  assert.equal(response.header('x-frame-options'), 'DENY')
}

const varyOf = (response: ApiResponse) =>
  String(response.header('vary') ?? '')
    .split(',')
    .map((value) => value.trim().toLowerCase())

test.group('Security / response headers', () => {
  test('a normal response, a 404 and an error carry the security headers', async ({
    client,
    assert,
  }) => {
    const health = await client.get('/api/v1/health')
    health.assertStatus(200)
    assertSecurityHeaders(health, assert)

    const missing = await client.get('/api/v1/does-not-exist')
    missing.assertStatus(404)
    assertSecurityHeaders(missing, assert)

    const unauthenticated = await client.get('/api/v1/users/me')
    unauthenticated.assertStatus(401)
    assertSecurityHeaders(unauthenticated, assert)
  })

  test('HSTS is sent in production only', ({ assert }) => {
    assert.equal(
      securityHeaders(true)['Strict-Transport-Security'],
      'max-age=31536000; includeSubDomains'
    )
    assert.notProperty(securityHeaders(false), 'Strict-Transport-Security')
  })

  test('/docs has a CSP allowing only its own assets, and no inline script', async ({
    client,
    assert,
  }) => {
    const page = await client.get('/api/v1/docs')
    page.assertStatus(200)
    assertSecurityHeaders(page, assert)
    const csp = page.header('content-security-policy') as string
    assert.include(csp, "default-src 'self'")
    assert.notInclude(csp, 'unsafe-inline')
    assert.notInclude(csp, 'unsafe-eval')

    // every script of the page is an asset it serves itself
    const scripts = [...page.text().matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)]
    assert.isNotEmpty(scripts)
    for (const [, attributes, body] of scripts) {
      assert.equal(body.trim(), '')
      const src = /src="([^"]+)"/.exec(attributes)![1]
      assert.match(src, /^\/api\/v1\/docs\/assets\//)
      const asset = await client.get(src)
      asset.assertStatus(200)
    }
    const init = await client.get('/api/v1/docs/assets/reference.js')
    assert.include(init.text(), 'SwaggerUIBundle(')
  })
})

test.group('Security / CORS', () => {
  test('an allowed origin is echoed with credentials and Vary: Origin', async ({
    client,
    assert,
  }) => {
    const response = await client.get('/api/v1/health').header('origin', ALLOWED_ORIGIN)
    response.assertStatus(200)
    assert.equal(response.header('access-control-allow-origin'), ALLOWED_ORIGIN)
    assert.equal(response.header('access-control-allow-credentials'), 'true')
    assert.include(varyOf(response), 'origin')

    const preflight = await client
      .options(PREFLIGHT_PATH)
      .header('origin', ALLOWED_ORIGIN)
      .header('access-control-request-method', 'POST')
      .header('access-control-request-headers', 'authorization,content-type,x-company-id')
    preflight.assertStatus(204)
    assert.equal(preflight.header('access-control-allow-origin'), ALLOWED_ORIGIN)
    assert.include(varyOf(preflight), 'origin')
  })

  test('a foreign origin and `null` get no CORS headers: {$self}')
    .with(['https://evil.example', 'null', 'http://localhost:5173.evil.example'])
    .run(async ({ client, assert }, origin) => {
      const response = await client.get('/api/v1/health').header('origin', origin)
      response.assertStatus(200)
      assert.isUndefined(response.header('access-control-allow-origin'))
      assert.isUndefined(response.header('access-control-allow-credentials'))
      assert.include(varyOf(response), 'origin')

      const preflight = await client
        .options(PREFLIGHT_PATH)
        .header('origin', origin)
        .header('access-control-request-method', 'POST')
      assert.isUndefined(preflight.header('access-control-allow-origin'))
    })

  test('a response without Origin still says it varies on it', async ({ client, assert }) => {
    const response = await client.get('/api/v1/health')
    assert.include(varyOf(response), 'origin')
  })

  test('CORS_ORIGINS takes exact origins and refuses null and wildcards', ({ assert }) => {
    assert.deepEqual(
      corsOriginsRule('CORS_ORIGINS', 'https://app.example.com, http://localhost:5173'),
      ['https://app.example.com', 'http://localhost:5173']
    )
    assert.deepEqual(corsOriginsRule('CORS_ORIGINS', ''), [])
    assert.isUndefined(corsOriginsRule('CORS_ORIGINS', undefined))
    for (const value of [
      'null',
      '*',
      'https://*.example.com',
      'https://app.example.com/',
      'https://app.example.com/path',
      'app.example.com',
      'file://',
    ]) {
      assert.throws(() => corsOriginsRule('CORS_ORIGINS', value), /CORS_ORIGINS/)
    }
  })
})
