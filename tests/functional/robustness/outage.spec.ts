import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import sessionTokens from '#services/auth/session_token_service'
import { testDatabase } from '#database/embedded/test_cluster'
import { companyWithOwner } from '#tests/support/tenancy'

/**
 * The database goes away under a running app and comes back: the
 * suite's own PostgreSQL is stopped and started on the same data, the app
 * is never restarted. Outside the rolled-back global transaction (a
 * stopped server would take it down): the rows are committed and removed.
 */
test.group('Robustness / database outage', (group) => {
  group.tap((one) => one.timeout(60_000))

  test('while PostgreSQL is down a normal endpoint answers 503 with Retry-After within 2 s; then 200 again', async ({
    client,
    assert,
    cleanup,
  }) => {
    const { company, owner } = await companyWithOwner()
    cleanup(async () => {
      await company.delete()
      await owner.delete()
    })
    const { accessToken } = await sessionTokens.openSession(owner, {})
    const companies = () =>
      (client as ApiClient)
        .get('/api/v1/company')
        .header('x-company-id', company.id)
        .bearerToken(accessToken)

    ;(await companies()).assertStatus(200)

    const database = testDatabase()
    await database.pause()
    try {
      for (let attempt = 0; attempt < 3; attempt++) {
        const started = performance.now()
        const response = await companies()
        const elapsed = performance.now() - started
        response.assertStatus(503)
        assert.equal(response.header('retry-after'), '5')
        assert.isString(response.body().message)
        assert.notMatch(JSON.stringify(response.body()), /ECONNREFUSED|127\.0\.0\.1|select /i)
        assert.isBelow(elapsed, 2000)
      }
    } finally {
      await database.resume()
    }

    /**
     * Pooled connections the stop cut are discarded on their first use: the
     * app recovers by itself, within a few requests at most
     */
    let status = 0
    for (let attempt = 0; attempt < 20 && status !== 200; attempt++) {
      const response = await companies()
      status = response.status()
      assert.oneOf(status, [200, 503])
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 250))
    }
    assert.equal(status, 200)
  })
})
