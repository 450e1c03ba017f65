import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import Company from '#models/company'
import { prepared, statementName } from '#support/prepared_statement'
import { companyWithOwner } from '#tests/support/tenancy'

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
