import { test } from '@japa/runner'
import pg from 'pg'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import HttpExceptionHandler from '#exceptions/handler'
import { freePort } from '#database/embedded/cluster'

/**
 * Each SQLSTATE mapping of the error handler, fed with an error PostgreSQL
 * (or the driver, or the pool) really raised: nothing here is a hand-made
 * error object. Connections of their own (raw `pg` clients), outside the
 * suite's rolled-back global transaction, so that two sessions can collide.
 */
const connection = () =>
  new pg.Client({
    host: process.env.DB_HOST,
    port: Number(process.env.DB_PORT),
    user: process.env.DB_USER,
    password: process.env.DB_PASSWORD,
    database: process.env.DB_DATABASE,
  })

async function sessions<T>(count: number, work: (clients: pg.Client[]) => Promise<T>) {
  const clients = Array.from({ length: count }, connection)
  await Promise.all(clients.map((client) => client.connect()))
  try {
    return await work(clients)
  } finally {
    await Promise.all(clients.map((client) => client.end().catch(() => {})))
  }
}

async function caught(promise: Promise<unknown>): Promise<any> {
  try {
    await promise
  } catch (error) {
    return error
  }
  throw new Error('expected the statement to fail')
}

/** What the API answers for `error`: status, Retry-After and body */
async function answer(error: unknown) {
  const ctx = await testUtils.createHttpContext()
  await new HttpExceptionHandler().handle(error, ctx)
  return {
    status: ctx.response.getStatus(),
    retryAfter: ctx.response.getHeader('retry-after'),
    body: ctx.response.getBody() as { message: string; code?: string },
  }
}

const TABLE = 'robustness_sqlstate_probe'

test.group('Robustness / SQLSTATE mapping', (group) => {
  group.setup(async () => {
    await db.rawQuery(`create table if not exists ${TABLE} (id int primary key, value int)`)
    return () => db.rawQuery(`drop table if exists ${TABLE}`)
  })
  group.each.setup(async () => {
    await db.rawQuery(`truncate ${TABLE}`)
    await db.rawQuery(`insert into ${TABLE} (id, value) values (1, 0), (2, 0)`)
  })

  test('class 22 (a value out of range) is 422 {message}, never 500', async ({ assert }) => {
    const error = await caught(db.rawQuery('select 2147483648::int'))
    assert.equal(error.code, '22003')
    const { status, body } = await answer(error)
    assert.equal(status, 422)
    assert.equal(body.message, 'Um número está fora do intervalo permitido')

    const badUuid = await caught(db.rawQuery("select 'not-a-uuid'::uuid"))
    assert.equal(badUuid.code, '22P02')
    assert.equal((await answer(badUuid)).status, 422)
  })

  test('23505 (a unique insert race) is 409', async ({ assert }) => {
    const error = await sessions(2, async ([first, second]) => {
      await first.query('begin')
      await first.query(`insert into ${TABLE} (id, value) values (3, 1)`)
      /** The second insert waits on the first transaction, then collides when it commits */
      const racing = caught(second.query(`insert into ${TABLE} (id, value) values (3, 2)`))
      await first.query('commit')
      return racing
    })
    assert.equal(error.code, '23505')
    const { status, body } = await answer(error)
    assert.equal(status, 409)
    assert.equal(body.message, 'O recurso já existe')
  })

  test('40P01 (a deadlock) is 409: the transaction was rolled back, the client may retry', async ({
    assert,
  }) => {
    const error = await sessions(2, async ([a, b]) => {
      await a.query('begin')
      await b.query('begin')
      await a.query(`update ${TABLE} set value = 1 where id = 1`)
      await b.query(`update ${TABLE} set value = 2 where id = 2`)
      const results = await Promise.allSettled([
        a.query(`update ${TABLE} set value = 1 where id = 2`),
        b.query(`update ${TABLE} set value = 2 where id = 1`),
      ])
      await a.query('rollback')
      await b.query('rollback')
      return results.find((result) => result.status === 'rejected')!.reason
    })
    assert.equal(error.code, '40P01')
    const { status, body } = await answer(error)
    assert.equal(status, 409)
    assert.equal(body.code, 'E_CONCURRENT_CHANGE')
  })

  test('40001 (a serialization failure) is 409', async ({ assert }) => {
    const error = await sessions(2, async ([a, b]) => {
      await a.query('begin isolation level repeatable read')
      await a.query(`select value from ${TABLE} where id = 1`)
      await b.query(`update ${TABLE} set value = 5 where id = 1`)
      const failed = await caught(a.query(`update ${TABLE} set value = 6 where id = 1`))
      await a.query('rollback')
      return failed
    })
    assert.equal(error.code, '40001')
    assert.equal((await answer(error)).status, 409)
  })

  test('57P01 (the server terminates the session) is 503 with Retry-After', async ({ assert }) => {
    const error = await sessions(2, async ([victim, admin]) => {
      const pid = (await victim.query('select pg_backend_pid() as pid')).rows[0].pid
      victim.on('error', () => {})
      const sleeping = caught(victim.query('select pg_sleep(10)'))
      await admin.query('select pg_terminate_backend($1)', [pid])
      return sleeping
    })
    assert.equal(error.code, '57P01')
    const { status, retryAfter, body } = await answer(error)
    assert.equal(status, 503)
    assert.equal(retryAfter, 5)
    assert.isString(body.message)
  })

  test('a refused connection (nothing listens) is 503 with Retry-After', async ({ assert }) => {
    const port = await freePort()
    const client = new pg.Client({ host: '127.0.0.1', port, user: 'x', database: 'x' })
    const error = await caught(client.connect())
    assert.equal(error.code, 'ECONNREFUSED')
    const { status, retryAfter } = await answer(error)
    assert.equal(status, 503)
    assert.equal(retryAfter, 5)
  })

  test('a pool acquire timeout (KnexTimeoutError) is 503 with Retry-After', async ({ assert }) => {
    const name = 'robustness_tiny_pool'
    const { connection: config } = db.getRawConnection('postgres')!.config as any
    db.manager.add(name, {
      client: 'pg',
      connection: config,
      pool: { min: 0, max: 1, acquireTimeoutMillis: 100 },
      acquireConnectionTimeout: 100,
    } as any)
    try {
      const trx = await db.connection(name).transaction()
      const error = await caught(db.connection(name).rawQuery('select 1'))
      await trx.rollback()
      assert.equal(error.name, 'KnexTimeoutError')
      const { status, retryAfter } = await answer(error)
      assert.equal(status, 503)
      assert.equal(retryAfter, 5)
    } finally {
      await db.manager.close(name, true)
    }
  })

  test('other errors stay 500 with a generic message', async ({ assert }) => {
    const { status, body } = await answer(new TypeError('x is undefined'))
    assert.equal(status, 500)
    assert.equal(body.message, 'Erro interno do servidor')
  })
})
