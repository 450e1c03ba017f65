import { availableParallelism } from 'node:os'
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import env from '#start/env'
import { defaultPoolMax } from '#support/database_pool'
import { GENERIC_PLANS_CONNECTION } from '#config/database'

test.group('Database pool size', () => {
  test('twice the cores, at least 4 and at most 10', ({ assert }) => {
    const sizes = [1, 2, 3, 4, 5, 6, 64].map((cores) => defaultPoolMax(cores))
    assert.deepEqual(sizes, [4, 4, 6, 8, 10, 10, 10])
    assert.equal(defaultPoolMax(), defaultPoolMax(availableParallelism()))
  })

  test('both pools take DB_POOL_MAX, or the default when it is unset', ({ assert }) => {
    const poolMax = (connection: string) =>
      (db.getRawConnection(connection)!.config as { pool: { max: number } }).pool.max
    const expected = env.get('DB_POOL_MAX') ?? defaultPoolMax()
    assert.equal(poolMax('postgres'), expected)
    assert.equal(poolMax(GENERIC_PLANS_CONNECTION), expected)
  })
})
