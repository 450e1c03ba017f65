import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import DatabaseProbe from '#services/platform/database_probe'
import { freePort } from '#database/embedded/cluster'

test.group('System / health', () => {
  test('answers ok while the database answers', async ({ client }) => {
    const response = await client.get('/api/v1/health')
    response.assertStatus(200)
    response.assertBody({ data: { status: 'ok', database: 'ok' } })
  })

  test('answers 503 when the database does not answer', async ({ client, cleanup }) => {
    const port = await freePort()
    db.manager.add('unreachable', {
      client: 'pg',
      connection: { host: '127.0.0.1', port, user: 'nobody', database: 'none' },
      pool: { min: 0, max: 1, acquireTimeoutMillis: 1500 },
    })
    app.container.swap(DatabaseProbe, () => {
      const probe = new DatabaseProbe()
      probe.connectionName = 'unreachable'
      probe.timeoutMs = 1000
      return probe
    })
    cleanup(async () => {
      app.container.restore(DatabaseProbe)
      await db.manager.close('unreachable')
      db.manager.release('unreachable')
    })

    const response = await client.get('/api/v1/health')
    response.assertStatus(503)
    response.assertBodyContains({
      message: 'Banco de dados indisponível',
      data: { database: 'down' },
    })
  })

  test('serves the OpenAPI document and an offline reference page', async ({ client, assert }) => {
    const document = await client.get('/api/v1/openapi.json')
    document.assertStatus(200)
    assert.equal(document.body().openapi, '3.1.0')
    assert.property(document.body().paths, '/auth/login')

    const page = await client.get('/api/v1/docs')
    page.assertStatus(200)
    assert.include(page.text(), '/api/v1/docs/assets/swagger-ui-bundle.js')
    assert.notInclude(page.text(), 'https://')

    const asset = await client.get('/api/v1/docs/assets/swagger-ui-bundle.js')
    asset.assertStatus(200)
  })
})
