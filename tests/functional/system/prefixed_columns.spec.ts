import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import type { LucidModel, LucidRow } from '@adonisjs/lucid/types/model'
import Contract from '#models/contract'
import Company from '#models/company'
import CompanyMember from '#models/company_member'
import User from '#models/user'
import AuthSession from '#models/auth_session'
import {
  fromPrefixed,
  fromRowJson,
  prefixedColumns,
  rowJsonSql,
} from '#models/queries/prefixed_columns'
import { DateTime } from 'luxon'
import { companyWithOwner } from '#tests/support/tenancy'

/** `model`'s columns of `row` under `alias`, unprefixed (what Lucid's own hydration takes) */
function unprefixed(model: LucidModel, alias: string, row: Record<string, unknown>) {
  return Object.fromEntries(
    [...model.$columnsDefinitions.values()].map(({ columnName }) => [
      columnName,
      row[`${alias}__${columnName}`],
    ])
  )
}

/** What a model instance holds, for comparing two hydrations of it */
const state = (row: LucidRow) => ({
  attributes: row.$attributes,
  original: row.$original,
  persisted: row.$isPersisted,
  local: row.$isLocal,
  dirty: row.$isDirty,
  serialized: row.serialize(),
})

test.group('fromPrefixed: a model split back from prefixed columns', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test("holds what Lucid's own hydration holds, for every column type", async ({ assert }) => {
    const { company, owner } = await companyWithOwner()
    const contract = await Contract.create({
      companyId: company.id,
      name: 'Prefixed',
      status: 'draft',
      progress: 40,
      snapshot: { nested: { values: [1, { deep: true }] } },
    })
    const { rows } = await db.rawQuery(
      `SELECT ${prefixedColumns(Contract, 'k')}, ${prefixedColumns(Company, 'c')},
              ${prefixedColumns(CompanyMember, 'm')}, ${prefixedColumns(User, 'u')}
         FROM contracts k
         JOIN companies c ON c.id = k.company_id
         JOIN company_members m ON m.company_id = c.id AND m.user_id = ?
         JOIN users u ON u.id = m.user_id
        WHERE k.id = ?`,
      [owner.id, contract.id]
    )
    for (const [model, alias] of [
      [Contract, 'k'],
      [Company, 'c'],
      [CompanyMember, 'm'],
      [User, 'u'],
    ] as [LucidModel, string][]) {
      const split = fromPrefixed(model, alias, rows[0])!
      const lucid = model.$createFromAdapterResult(unprefixed(model, alias, rows[0]))!
      assert.deepEqual(state(split), state(lucid), model.name)
    }
  })

  test('a JSON value changed in place makes the model dirty: its original is a copy', async ({
    assert,
  }) => {
    const { company } = await companyWithOwner()
    const contract = await Contract.create({
      companyId: company.id,
      name: 'In place',
      status: 'draft',
      progress: 0,
      snapshot: { nested: { values: [1] } },
    })
    const { rows } = await db.rawQuery(
      `SELECT ${prefixedColumns(Contract, 'k')} FROM contracts k WHERE k.id = ?`,
      [contract.id]
    )
    const split = fromPrefixed(Contract, 'k', rows[0])!
    assert.isFalse(split.$isDirty)
    ;(split.snapshot as { nested: { values: number[] } }).nested.values.push(2)
    assert.isTrue(split.$isDirty)
    assert.deepEqual(Object.keys(split.$dirty), ['snapshot'])
  })

  test('no row of the model (a LEFT JOIN found none) is null', async ({ assert }) => {
    const { rows } = await db.rawQuery(
      `SELECT ${prefixedColumns(User, 'u')} FROM (SELECT 1) one LEFT JOIN users u ON false`
    )
    assert.isNull(fromPrefixed(User, 'u', rows[0]))
  })
})

test.group('fromRowJson: a model from its row as JSON (row_to_json)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  /** The authenticated floor's tables: a session, its user, a membership and its company */
  async function floorRows() {
    const { company, owner } = await companyWithOwner()
    const session = await AuthSession.create({
      userId: owner.id,
      browser: 'Firefox',
      ip: '203.0.113.9',
      expiresAt: DateTime.fromISO('2031-05-06T07:08:09.123456Z'),
      lastUsedAt: null,
    })
    /* Microseconds and a timestamp never set (NULL): as the driver reads them */
    await db.rawQuery(
      `UPDATE users SET email_verified_at = '2026-02-03 04:05:06.789987+00' WHERE id = ?`,
      [owner.id]
    )
    return { company, owner, session }
  }

  const floorSql = (columns: (alias: string) => string) =>
    `SELECT ${columns('s')}, ${columns('u')}, ${columns('m')}, ${columns('c')}
       FROM auth_sessions s
       JOIN users u ON u.id = s.user_id
       JOIN company_members m ON m.user_id = u.id AND m.company_id = ?
       JOIN companies c ON c.id = m.company_id
      WHERE s.id = ?`

  const FLOOR: [LucidModel, string][] = [
    [AuthSession, 's'],
    [User, 'u'],
    [CompanyMember, 'm'],
    [Company, 'c'],
  ]

  test("holds what fromPrefixed holds for each of the floor's tables", async ({ assert }) => {
    const { company, session } = await floorRows()
    const bindings = [company.id, session.id]
    const prefixed = await db.rawQuery(
      floorSql((alias) => prefixedColumns(FLOOR.find(([, a]) => a === alias)![0], alias)),
      bindings
    )
    /* In another session time zone too: JSON carries the offset */
    await db.rawQuery(`SET LOCAL TimeZone = 'America/Sao_Paulo'`)
    const json = await db.rawQuery(
      floorSql((alias) => `${rowJsonSql(alias)} AS ${alias}`),
      bindings
    )
    for (const [model, alias] of FLOOR) {
      const fromJson = fromRowJson(model, json.rows[0][alias])!
      assert.deepEqual(
        state(fromJson),
        state(fromPrefixed(model, alias, prefixed.rows[0])!),
        model.name
      )
    }
    const user = fromRowJson(User, json.rows[0].u)! as User
    assert.equal(user.emailVerifiedAt!.toISO(), '2026-02-03T04:05:06.789+00:00')
  })

  test('no row of the model (a LEFT JOIN found none) is null', async ({ assert }) => {
    const { rows } = await db.rawQuery(
      `SELECT ${rowJsonSql('u')} AS u FROM (SELECT 1) one LEFT JOIN users u ON false`
    )
    assert.isNull(fromRowJson(User, rows[0].u))
  })
})
