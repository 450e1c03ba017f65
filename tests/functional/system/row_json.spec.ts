import { randomUUID } from 'node:crypto'
import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import type { LucidModel, LucidRow } from '@adonisjs/lucid/types/model'
import { DateTime } from 'luxon'
import ApiKey from '#models/api_key'
import AuthSession from '#models/auth_session'
import Company from '#models/company'
import CompanyMember from '#models/company_member'
import Contract from '#models/contract'
import ContractDocumentRequirement from '#models/contract_document_requirement'
import ContractPart from '#models/contract_part'
import ContractPartGroup from '#models/contract_part_group'
import ContractReviewer from '#models/contract_reviewer'
import ContractSignatureGroup from '#models/contract_signature_group'
import ContractSignatureMember from '#models/contract_signature_member'
import ContractUploadedFile from '#models/contract_uploaded_file'
import ContractVariableValue from '#models/contract_variable_value'
import User from '#models/user'
import WorkEntry from '#models/work_entry'
import WorkEntryTask from '#models/work_entry_task'
import { fromRowJson, rowJsonBranchesSql, branchRows, rowJsonSql } from '#models/queries/row_json'
import { contractWorld, createContract } from '#tests/support/contracts'

/** What a model instance holds, for comparing two hydrations of it */
const state = (row: LucidRow) => ({
  attributes: row.$attributes,
  original: row.$original,
  persisted: row.$isPersisted,
  local: row.$isLocal,
  dirty: row.$isDirty,
  serialized: row.serialize(),
})

/** Every model the app reads as JSON (rowJsonSql): the authenticated floors, the detail, the hours */
const MODELS: LucidModel[] = [
  AuthSession,
  User,
  CompanyMember,
  Company,
  ApiKey,
  Contract,
  ContractPart,
  ContractPartGroup,
  ContractVariableValue,
  ContractDocumentRequirement,
  ContractReviewer,
  ContractSignatureGroup,
  ContractSignatureMember,
  ContractUploadedFile,
  WorkEntry,
  WorkEntryTask,
]

/**
 * A row in every table of MODELS, its columns set wherever they can be
 * (a contract through H3 with its parts, values, documents and
 * reviewer; the rest inserted): timestamps with microseconds, dates,
 * arrays, JSON, a bigint past 32 bits, doubles
 */
async function everyTable(client: Parameters<typeof createContract>[0]) {
  const world = await contractWorld()
  const contractId = await createContract(client, world)
  await db.rawQuery(
    `UPDATE contracts SET start_date = '2026-03-01', end_date = '2027-02-28',
            snapshot = '{"nested": {"values": [1, {"deep": true}]}}',
            updated_at = '2026-02-03 04:05:06.789987+00' WHERE id = ?`,
    [contractId]
  )
  await db.rawQuery(
    `UPDATE users SET email_verified_at = '2026-02-03 04:05:06.789987+00' WHERE id = ?`,
    [world.owner.id]
  )
  const part = await ContractPart.query().where('contract_id', contractId).firstOrFail()
  const document = await ContractDocumentRequirement.query()
    .where('contract_id', contractId)
    .firstOrFail()
  await db.table('contract_part_groups').insert({
    id: randomUUID(),
    contract_id: contractId,
    name: 'Grupo',
    part_ids: [part.id],
  })
  const group = randomUUID()
  await db
    .table('contract_signature_groups')
    .insert({ id: group, contract_id: contractId, name: 'Partes' })
  await db.table('contract_signature_members').insert({
    id: randomUUID(),
    contract_id: contractId,
    group_id: group,
    name: 'Ana',
    email: 'ana@example.com',
  })
  const uploaded = new Date('2026-02-03T04:05:06.789Z')
  await db.table('contract_uploaded_files').insert({
    contract_id: contractId,
    document_id: document.id,
    part_id: part.id,
    file_name: 'rg.pdf',
    file_path: `contracts/${contractId}/rg.pdf`,
    file_size: 5_000_000_123,
    mime_type: 'application/pdf',
    sha256: '0'.repeat(64),
    uploaded_at: uploaded,
    created_at: uploaded,
    updated_at: uploaded,
  })
  const entry = randomUUID()
  await db.table('work_entries').insert({
    id: entry,
    user_id: world.person.id,
    company_id: world.company.id,
    contract_part_id: part.id,
    date: '2026-02-03',
    total_minutes: 90,
    latitude: -23.5613451,
    longitude: -46.6565712,
    location_accuracy: 12.5,
    created_at: uploaded,
    updated_at: uploaded,
  })
  await db.table('work_entry_tasks').insert({
    work_entry_id: entry,
    description: 'Task',
    duration_minutes: 90,
    position: 0,
    created_at: uploaded,
  })
  await db.table('api_keys').insert({
    name: 'Integration',
    user_id: world.owner.id,
    company_id: world.company.id,
    permissions: ['contracts:read', 'contracts:write'],
    token_hash: randomUUID(),
    prefix: 'ck_test',
  })
  await AuthSession.create({
    userId: world.owner.id,
    browser: 'Firefox',
    ip: '203.0.113.9',
    expiresAt: DateTime.fromISO('2031-05-06T07:08:09.123456Z'),
    lastUsedAt: null,
  })
}

test.group('fromRowJson: a model from its row as JSON (row_to_json)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test("holds what Lucid's own hydration of the driver's row holds, for every model read so", async ({
    client,
    assert,
  }) => {
    await everyTable(client)
    /* In another session time zone too: JSON timestamps carry their offset */
    await db.rawQuery(`SET LOCAL TimeZone = 'America/Sao_Paulo'`)
    for (const model of MODELS) {
      model.boot()
      const { rows: driver } = await db.rawQuery(`SELECT * FROM ${model.table} ORDER BY id`)
      const { rows: json } = await db.rawQuery(
        `SELECT ${rowJsonSql('t')} AS row FROM ${model.table} t ORDER BY id`
      )
      assert.isAbove(json.length, 0, model.name)
      json.forEach(({ row }: { row: Record<string, unknown> }, index: number) => {
        const lucid = model.$createFromAdapterResult(driver[index])!
        assert.deepEqual(state(fromRowJson(model, row)!), state(lucid), model.name)
      })
    }
  })

  test('a JSON value changed in place makes the model dirty: its original is a copy', async ({
    client,
    assert,
  }) => {
    await everyTable(client)
    const { rows } = await db.rawQuery(`SELECT ${rowJsonSql('k')} AS row FROM contracts k LIMIT 1`)
    const contract = fromRowJson(Contract, rows[0].row)!
    assert.isFalse(contract.$isDirty)
    ;(contract.snapshot as { nested: { values: unknown[] } }).nested.values.push(2)
    assert.isTrue(contract.$isDirty)
    assert.deepEqual(Object.keys(contract.$dirty), ['snapshot'])
  })

  test('no row of the model (a LEFT JOIN found none) is null', async ({ assert }) => {
    const { rows } = await db.rawQuery(
      `SELECT ${rowJsonSql('u')} AS u FROM (SELECT 1) one LEFT JOIN users u ON false`
    )
    assert.isNull(fromRowJson(User, rows[0].u))
  })

  test('branches: each row holds its own models, NULL for the others, in branch and rank order', async ({
    assert,
  }) => {
    const { rows } = await db.rawQuery(
      rowJsonBranchesSql([
        {
          models: [[Company, 'c']],
          from: `FROM (VALUES (2, 'b'), (1, 'a')) c(id, name)`,
          order: 'c.id',
        },
        { models: [[User, 'u']], from: `FROM (VALUES ('z')) u(name)`, order: 'u.name' },
      ])
    )
    assert.deepEqual(
      rows.map((row: Record<string, unknown>) => [row.branch, row.rank, row.c, row.u]),
      [
        [0, '1', { id: 1, name: 'a' }, null],
        [0, '2', { id: 2, name: 'b' }, null],
        [1, '1', null, { name: 'z' }],
      ]
    )
    assert.lengthOf(branchRows(rows, 1), 1)
  })
})
