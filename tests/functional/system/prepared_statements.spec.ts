import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { GENERIC_PLANS_CONNECTION } from '#config/database'
import Company from '#models/company'
import {
  asPreparedStatement,
  plannedAs,
  prepared,
  statementName,
} from '#support/prepared_statement'
import { companyWithOwner } from '#tests/support/tenancy'
import { statementsOf } from '#tests/support/statements'
import { recordWebhookEvent } from '#services/webhooks/events'
import { preparedRuns } from '#tests/support/prepared_runs'

/**
 * The statements the connection of `trx` has prepared whose text holds
 * `marker` (a connection keeps them for its session, across tests)
 */
async function preparedOn(trx: any, marker: string) {
  const { rows } = await trx.rawQuery(
    `SELECT name, statement FROM pg_prepared_statements
      WHERE NOT from_sql AND strpos(statement, ?) > 0 ORDER BY name`,
    [marker]
  )
  return rows as { name: string; statement: string }[]
}

/** A query of a shape no other code sends (its marker: the IS NOT NULL on updated_at) */
const MARKER = '"updated_at" is not null'
const membershipsOf = (trx: any, userId: string) =>
  trx
    .from('company_members')
    .where('user_id', userId)
    .whereNotNull('updated_at')
    .select('company_id')

test.group('Prepared statements of built queries', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a built query runs as a statement named after the text that ran, LIMIT of first() included', async ({
    assert,
  }) => {
    const { company, owner } = await companyWithOwner()
    await db.transaction(async (trx) => {
      const before = await preparedOn(trx, MARKER)
      for (let run = 0; run < 3; run++) {
        const row = await prepared(membershipsOf(trx, owner.id)).first()
        assert.equal(row.company_id, company.id)
      }
      const statements = await preparedOn(trx, MARKER)
      assert.lengthOf(statements, before.length + 1, 'parsed once, run three times')
      const added = statements.find((statement) => !before.some((b) => b.name === statement.name))!
      assert.match(added.statement, /limit \$\d+$/)
      /** Named after the text Knex compiled when it ran (`?` for each `$n`) */
      assert.equal(added.name, statementName(added.statement.replace(/\$\d+/g, '?')))

      /** The same query without first() is another text, so another statement */
      const rows = await prepared(membershipsOf(trx, owner.id))
      assert.lengthOf(rows, 1)
      assert.lengthOf(await preparedOn(trx, MARKER), before.length + 2)
    })
  })

  test('a Lucid model query is prepared and hydrated as before', async ({ assert }) => {
    const { company } = await companyWithOwner()
    await db.transaction(async (trx) => {
      const found = await prepared(
        Company.query({ client: trx }).where('id', company.id)
      ).firstOrFail()
      assert.instanceOf(found, Company)
      assert.equal(found.name, company.name)
      assert.isNotEmpty(await preparedOn(trx, 'from "companies" where "id" = $1 limit $2'))
    })
  })

  test("a paginated query's count is prepared too (it runs through a clone)", async ({
    assert,
  }) => {
    const { company } = await companyWithOwner()
    await db.transaction(async (trx) => {
      const marker = '"trade_name" is not null or'
      const query = () =>
        Company.query({ client: trx })
          .where((where) => where.whereNotNull('trade_name').orWhere('id', company.id))
          .orderBy('id')
      const page = await prepared(query()).paginate(1, 5)
      assert.isAtLeast(page.total, 1)
      const statements = await preparedOn(trx, marker)
      assert.isTrue(statements.some(({ statement }) => statement.includes('count(*)')))
      assert.isTrue(statements.some(({ statement }) => statement.includes('limit')))

      /** plannedAs: prepared when kept, as is on each run */
      const before = (await preparedOn(trx, '"trade_name" is not null and')).length
      const kept = () =>
        Company.query({ client: trx }).where((where) =>
          where.whereNotNull('trade_name').andWhere('id', company.id)
        )
      await plannedAs(kept(), 'each run')
      assert.lengthOf(await preparedOn(trx, '"trade_name" is not null and'), before)
      await plannedAs(kept(), 'kept')
      assert.lengthOf(await preparedOn(trx, '"trade_name" is not null and'), before + 1)
    })
  })

  test("a model's update and delete by primary key are prepared, parsed once", async ({
    assert,
  }) => {
    const markers = [
      'update "companies" set "updated_at" = $1, "trade_name" = $2 where "id" = $3',
      'delete from "companies" where "id" = $1',
    ]
    const before = await Promise.all(markers.map((marker) => preparedRuns(marker)))
    /** Saved a minute earlier: the save's new `updated_at` always differs, so both updates write it */
    const updatedAt = DateTime.now().minus({ minutes: 1 })
    for (const name of ['Primeira', 'Segunda']) {
      const document = `${Date.now()}${name.length}`
      const company = await Company.create({ name, document, updatedAt })
      await company.merge({ tradeName: `${name} Ltda` }).save()
      await company.delete()
    }
    for (const [index, marker] of markers.entries()) {
      const after = await preparedRuns(marker)
      assert.equal(after.statements, 1, `${marker}: one statement`)
      assert.equal(after.runs - before[index].runs, 2, `${marker}: parsed once, run twice`)
    }
  })

  test('a webhook event is recorded by a prepared statement, parsed once', async ({ assert }) => {
    const { company } = await companyWithOwner()
    const marker = 'WITH targets AS ('
    const before = await preparedRuns(marker)
    await db.transaction(async (trx) => {
      for (let run = 0; run < 2; run++) {
        const event = { companyId: company.id, type: 'contract.created' as const, data: {} }
        assert.isNull(await recordWebhookEvent(trx, event), 'no endpoint listens')
      }
    })
    const after = await preparedRuns(marker)
    assert.equal(after.statements, 1)
    assert.equal(after.runs - before.runs, 2)
  })

  test('a query left unprepared is parsed on each run, as before', async ({ assert }) => {
    const { owner } = await companyWithOwner()
    await db.transaction(async (trx) => {
      const marker = '"role" is not null'
      await trx
        .from('company_members')
        .where('user_id', owner.id)
        .whereNotNull('role')
        .select('company_id')
        .first()
      assert.lengthOf(await preparedOn(trx, marker), 0)
    })
  })
})

/** The plans of the prepared statements whose text holds `marker`, and the connection's plan mode */
async function plansOf(trx: any, marker: string) {
  const { rows } = await trx.rawQuery(
    `SELECT coalesce(sum(generic_plans), 0)::int AS generic, coalesce(sum(custom_plans), 0)::int AS custom,
            current_setting('plan_cache_mode') AS mode
       FROM pg_prepared_statements WHERE NOT from_sql AND strpos(statement, ?) > 0`,
    [marker]
  )
  return rows[0] as { generic: number; custom: number; mode: string }
}

test.group('Prepared statements on their generic plan', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  /** A statement of a shape no other code sends (its marker), whose value PostgreSQL would plan for */
  const statement = (trx: any, userId: string, marker: string) =>
    trx.rawQuery(`SELECT company_id AS ${marker} FROM company_members WHERE user_id = ?`, [userId])

  test('each run is on the generic plan, and the connection plans as before after it', async ({
    assert,
  }) => {
    const { company, owner } = await companyWithOwner()
    const marker = 'zz_generic_runs'
    await db.transaction(async (trx) => {
      for (let run = 0; run < 3; run++) {
        const { rows } = await asPreparedStatement(statement(trx, owner.id, marker), {
          generic: true,
        })
        assert.deepEqual(rows, [{ [marker]: company.id }])
      }
      assert.deepInclude(await plansOf(trx, marker), { custom: 0, mode: 'auto' })
      assert.isAtLeast((await plansOf(trx, marker)).generic, 1)
    })
  })

  test('without it, PostgreSQL plans the first runs for their values', async ({ assert }) => {
    const { owner } = await companyWithOwner()
    const marker = 'zz_custom_runs'
    await db.transaction(async (trx) => {
      for (let run = 0; run < 3; run++) await asPreparedStatement(statement(trx, owner.id, marker))
      assert.equal((await plansOf(trx, marker)).custom, 3)
    })
  })

  test('a statement that fails in a transaction leaves the plan mode as it was', async ({
    assert,
  }) => {
    await db.transaction(async (trx) => {
      const failing = trx.transaction(async (savepoint) => {
        await asPreparedStatement(savepoint.rawQuery('SELECT 1 / (0 * length(?))', ['x']), {
          generic: true,
        })
      })
      await assert.rejects(() => failing, /division by zero/)
      /** The reset failed in the aborted savepoint; its rollback undid the setting */
      const { rows } = await trx.rawQuery(`SELECT current_setting('plan_cache_mode') AS mode`)
      assert.equal(rows[0].mode, 'auto')
    })
  })
})

test.group('Prepared statements on their generic plan, off a transaction', () => {
  /**
   * The plan mode the session started with (a SET around one run leaves it
   * as it was), read by a statement only this test sends (its marker)
   */
  const planMode = (marker: string) =>
    db.rawQuery(
      `SELECT reset_val AS ${marker} FROM pg_settings WHERE name = 'plan_cache_mode' AND length(?) > 0`,
      [marker]
    )

  test("runs on a session of the generic-plan connection, and the pool's sessions plan as before", async ({
    assert,
  }) => {
    const marker = 'zz_generic_session'
    const generic = await asPreparedStatement(planMode(marker), { generic: true })
    assert.equal(generic.rows[0][marker], 'force_generic_plan')
    /** No SET on the pool's sessions: a kept statement and an unprepared one plan by the rule */
    assert.equal((await asPreparedStatement(planMode(marker))).rows[0][marker], 'auto')
    assert.equal((await planMode(marker)).rows[0][marker], 'auto')
  })

  test("is a statement of the query's connection to its listeners (statement counts)", async ({
    assert,
  }) => {
    const marker = 'zz_generic_counted'
    const statements = await statementsOf(() =>
      asPreparedStatement(planMode(marker), { generic: true })
    )
    assert.lengthOf(
      statements.filter((sql) => sql.includes(marker)),
      1
    )
  })
})

test.group('Session settings of the API connections', () => {
  test('a request statement launches no parallel workers, on either connection', async ({
    assert,
  }) => {
    for (const connection of [db.connection(), db.connection(GENERIC_PLANS_CONNECTION)]) {
      const { rows } = await connection.rawQuery(
        `SELECT current_setting('max_parallel_workers_per_gather') AS workers`
      )
      assert.equal(rows[0].workers, '0', connection.connectionName)
    }
    const generic = await db
      .connection(GENERIC_PLANS_CONNECTION)
      .rawQuery(`SELECT current_setting('plan_cache_mode') AS mode`)
    assert.equal(generic.rows[0].mode, 'force_generic_plan', 'its own setting is kept')
  })
})
