import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import type { LucidModel, LucidRow } from '@adonisjs/lucid/types/model'
import Contract from '#models/contract'
import Company from '#models/company'
import CompanyMember from '#models/company_member'
import User from '#models/user'
import { fromPrefixed, prefixedColumns } from '#models/queries/prefixed_columns'
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
