import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import Contract from '#models/contract'
import { companyWithOwner } from '#tests/support/tenancy'

/**
 * contract_name_hours (migration create_contract_name_hours): the bits of
 * each (company, status or `*`, hour) hold every piece of the names of the
 * live contracts saved in it, whatever wrote them, so that a name search
 * may skip an hour whose bits lack one of its term's pieces.
 */

/** The live contracts of a company whose name is not held by its hour's bits, for its status or `*` */
async function uncovered(companyId: string) {
  const { rows } = await db.rawQuery(
    `SELECT c.name, kind.status FROM contracts c
      CROSS JOIN LATERAL (VALUES (c.status::text), ('*')) AS kind(status)
      WHERE c.company_id = ? AND c.deleted_at IS NULL
        AND NOT EXISTS (SELECT FROM contract_name_hours h
                         WHERE h.company_id = c.company_id AND h.status = kind.status
                           AND h.hour = contract_name_hour(c.updated_at)
                           AND h.bits | contract_name_bits(c.name_search) = h.bits)`,
    [companyId]
  )
  return rows.map((row: { name: string; status: string }) => `${row.name} (${row.status})`)
}

async function insertContracts(companyId: string, names: string[], hoursAgo = 0) {
  await db.rawQuery(
    `INSERT INTO contracts (id, company_id, name, status, progress, snapshot, created_at, updated_at)
     SELECT gen_random_uuid(), ?, name, 'draft', 0, '{}', now(), now() - make_interval(hours => ?)
       FROM unnest(CAST(? AS text[])) AS name`,
    [companyId, hoursAgo, names]
  )
}

/**
 * Every way a saved name moves: a rename in the same hour, a status change
 * and a move to another hour, a soft delete restored under a new name, a
 * save through the model (of the names insertContracts gave)
 */
async function moveNames(companyId: string) {
  /** A rename in the same hour: new pieces in an hour that already has a row */
  await db.rawQuery(
    `UPDATE contracts SET name = 'Auditoria Gama' WHERE company_id = ? AND name = ?`,
    [companyId, 'Obras Beta']
  )
  /** A status change and a move to another hour */
  await db.rawQuery(
    `UPDATE contracts SET status = 'active', updated_at = now() - interval '5 hours'
      WHERE company_id = ? AND name = ?`,
    [companyId, 'Consultoria Alfa']
  )
  /** A soft-deleted contract restored under a new name */
  await db.rawQuery(`UPDATE contracts SET deleted_at = now() WHERE company_id = ? AND name = ?`, [
    companyId,
    'Ação Ünica №7',
  ])
  await db.rawQuery(
    `UPDATE contracts SET deleted_at = NULL, name = 'Restaurado Delta'
      WHERE company_id = ? AND name = ?`,
    [companyId, 'Ação Ünica №7']
  )
  /** A save through the model */
  const saved = await Contract.query()
    .where('company_id', companyId)
    .where('name', 'Auditoria Gama')
    .firstOrFail()
  saved.merge({ name: 'Suporte Épsilon', updatedAt: DateTime.now().plus({ hours: 3 }) })
  await saved.save()
}

test.group('Contracts / the hours a name search may skip', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('every live name is held by its hour, whatever wrote or moved it', async ({ assert }) => {
    const { company } = await companyWithOwner()
    await insertContracts(company.id, ['Consultoria Alfa', 'Obras Beta', 'Ação Ünica №7'], 30)
    assert.deepEqual(await uncovered(company.id), [], 'a bulk insert')

    await moveNames(company.id)

    assert.deepEqual(await uncovered(company.id), [])
  })

  test("a term's pieces are within those of every name holding it", async ({ assert }) => {
    const names = [
      'bench consultoria 20005',
      'ação única nº 7',
      'a_b%c\\d',
      'ab',
      'x',
      'ﬁnanças 😀 2026',
    ]
    const { rows } = await db.rawQuery(
      `SELECT name, substr(name, start, length) AS term
         FROM unnest(CAST(? AS text[])) AS name,
              generate_series(1, char_length(name)) AS start,
              generate_series(0, char_length(name)) AS length
        WHERE start + length <= char_length(name) + 1
          AND contract_name_bits(substr(name, start, length)) | contract_name_bits(name)
              <> contract_name_bits(name)`,
      [names]
    )
    assert.deepEqual(rows, [])
    const empty = await db.rawQuery(`SELECT bit_count(contract_name_bits('ab')) AS set`)
    assert.equal(Number(empty.rows[0].set), 0, 'a term shorter than a piece skips no hour')
  })

  test('a save whose name its hour already holds writes no hour row', async ({ assert }) => {
    const { company } = await companyWithOwner()
    await insertContracts(company.id, ['Consultoria Alfa'], 2)
    const version = () =>
      db.rawQuery(
        `SELECT status, ctid::text AS version FROM contract_name_hours
          WHERE company_id = ? ORDER BY status`,
        [company.id]
      )
    const before = (await version()).rows
    await db.rawQuery(`UPDATE contracts SET progress = 40 WHERE company_id = ?`, [company.id])
    assert.deepEqual((await version()).rows, before, 'the rows are neither written nor locked')
  })
})

test.group('Contracts / the statuses a board search may skip', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  /** The live contracts of a company whose name is not held by its status's bits */
  async function unheld(companyId: string) {
    const { rows } = await db.rawQuery(
      `SELECT c.name, c.status FROM contracts c
        WHERE c.company_id = ? AND c.deleted_at IS NULL
          AND NOT EXISTS (SELECT FROM contract_name_statuses s
                           WHERE s.company_id = c.company_id AND s.status = c.status
                             AND s.bits | contract_name_bits(c.name_search) = s.bits)`,
      [companyId]
    )
    return rows.map((row: { name: string; status: string }) => `${row.name} (${row.status})`)
  }

  test("every live name is held by its status's bits, whatever wrote or moved it", async ({
    assert,
  }) => {
    const { company } = await companyWithOwner()
    await insertContracts(company.id, ['Consultoria Alfa', 'Obras Beta', 'Ação Ünica №7'])
    assert.deepEqual(await unheld(company.id), [], 'a bulk insert')
    await moveNames(company.id)
    assert.deepEqual(await unheld(company.id), [])
  })
})
