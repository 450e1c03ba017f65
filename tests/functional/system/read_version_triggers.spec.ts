import { randomUUID } from 'node:crypto'
import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import drive from '@adonisjs/drive/services/main'
import ContractPart from '#models/contract_part'
import { attachedWorld, documentsStep, sendFirstStep } from '#tests/support/compliance'
import { freezeClock, restoreClock } from '#tests/support/clock'
import { entryOn } from '#tests/support/hours'
import { inboxOf } from '#tests/support/notifications'
import { memberOf } from '#tests/support/tenancy'
import { as } from '#tests/support/http'
import { CONTRACT_DETAIL_ROW_TABLES } from '#tests/support/contracts'
import { cachedColumnsRead } from '#tests/support/read_statements'

/**
 * Trigger coverage, as a rule, driven by the triggers the database has
 * (pg_trigger): each statement a read-version trigger fires on is run on
 * one row of its table alone (every other trigger and foreign-key action
 * off, so no cascade or counter raises a scope for it), and must raise the
 * scopes of that row, exactly:
 * - a DELETE and an INSERT of the row;
 * - an UPDATE of each column the cached statements read (EXPLAIN VERBOSE,
 *   tests/support/read_statements.ts) to itself, or, for the directory's
 *   printed columns, to another value;
 * - an UPDATE that moves the row to its twin of a second world (every
 *   column but the id): the old row's scopes and the new one's.
 * So a table, an event, a column or a scope dropped from a trigger fails
 * here; the last group proves it on hand-made mutants of the trigger SQL.
 * The set of watched tables is the set of the cases' tables (pg_trigger).
 */

/** Columns the statements read (a `SELECT *` in the team's display join, the detail's models) but no read prints */
const NOT_PRINTED: Record<string, string[]> = {
  users: ['password', 'email_verified_at', 'locale', 'created_at', 'updated_at'],
  companies: ['created_at', 'updated_at', 'document_status', 'document_verified_at'],
}

/** Keys: another id is another row (the INSERT and DELETE cases); set to themselves */
const KEYS = ['id']

/** The printed columns of the directory tables: a change of any one raises `directory` */
const DIRECTORY_TABLES = ['users', 'companies']

/**
 * Directory tables whose row is its own scope too (a change of any column
 * raises it: the authenticated floor kept under it, migration
 * 1765700000001); a company's changes raise the directory
 */
const OWN_SCOPE_TABLES = ['users']

type World = Awaited<ReturnType<typeof world>>

async function world(client: Parameters<typeof attachedWorld>[0]) {
  const w = await attachedWorld(client, (base) => [
    documentsStep({ validators: [{ userId: base.validator.id }] }),
  ])
  await sendFirstStep(client, w)
  const part = await db
    .from('contract_parts')
    .where('contract_id', w.companyContract.id)
    .where('company_id', w.providerCompany.id)
    .firstOrFail()
  await entryOn(await ContractPart.findOrFail(part.id), w.providerOwner, '2026-03-17', [60])
  const attachment = await db
    .from('provider_compliance_flows')
    .where('provider_id', w.providerCompany.id)
    .firstOrFail()
  const step = await db.from('compliance_steps').where('flow_id', w.flow.id).firstOrFail()
  await db.table('provider_compliance_flow_leaderships').insert({
    provider_compliance_flow_id: attachment.id,
    step_id: step.id,
    user_id: w.providerOwner.id,
  })
  await inboxOf(w.owner, w.borrower, 3)
  await as(client, w.owner, w.borrower).patch('/notifications/read-all')
  const [mark] = await db.from('notifications').where('user_id', w.owner.id).limit(1)
  await db.table('notification_rank_marks').insert({
    user_id: w.owner.id,
    company_id: w.borrower.id,
    created_at: mark.created_at,
    id: mark.id,
    older: 0,
  })
  /* A member of the provider company who is not its owner */
  const providerAdmin = await memberOf(w.providerCompany, 'admin')
  await detailRows(w.companyContract.id, part.id, w.owner.id)
  return { ...w, partId: part.id as string, attachmentId: attachment.id as string, providerAdmin }
}

/** One row of each table of a contract's detail (H5) that the world has none of */
async function detailRows(contractId: string, partId: string, reviewerId: string) {
  const [group, document] = [randomUUID(), randomUUID()]
  const ofContract = { contract_id: contractId }
  await db.table('contract_part_groups').insert({ id: randomUUID(), ...ofContract, name: 'Grupo' })
  await db.table('contract_variable_values').insert({ id: randomUUID(), ...ofContract, name: 'v' })
  await db
    .table('contract_document_requirements')
    .insert({ id: document, ...ofContract, name: 'RG', max_file_size: 1024 })
  await db
    .table('contract_reviewers')
    .insert({ id: randomUUID(), ...ofContract, user_id: reviewerId })
  await db.table('contract_signature_groups').insert({ id: group, ...ofContract, name: 'Partes' })
  await db.table('contract_signature_members').insert({
    id: randomUUID(),
    ...ofContract,
    group_id: group,
    name: 'Ana',
    email: 'ana@example.com',
  })
  const now = new Date()
  await db.table('contract_uploaded_files').insert({
    ...ofContract,
    document_id: document,
    part_id: partId,
    file_name: 'rg.pdf',
    file_path: `contracts/${contractId}/rg.pdf`,
    file_size: 10,
    mime_type: 'application/pdf',
    sha256: '0'.repeat(64),
    uploaded_at: now,
    created_at: now,
    updated_at: now,
  })
}

/** A condition that picks one row of a table in a world, with its bindings */
type Where = [string, string[]]

interface Case {
  table: string
  /** What the row is, when a table has more than one case */
  row?: string
  where: (w: World) => Where
  /** The scopes a change of the row raises */
  scopes: (w: World) => string[]
  /** Those of moving the row to its twin of `twin` (default: both rows' scopes) */
  moved?: (w: World, twin: World) => string[]
}

const is = (column: string, value: (w: World) => string) => (w: World) =>
  [`${column} = ?`, [value(w)]] as Where
const borrower = (w: World) => [`c:${w.borrower.id}`]
const contract = (w: World) => [`k:${w.companyContract.id}`]
const ofContract = is('contract_id', (w) => w.companyContract.id)
const borrowerHours = (w: World) => [`h:${w.borrower.id}`]
const borrowerCompliance = (w: World) => [`f:${w.borrower.id}`]
const inbox = (w: World) => [`n:${w.owner.id}:${w.borrower.id}`]
const ofBorrower = is('company_id', (w) => w.borrower.id)
const ofOwner = is('user_id', (w) => w.owner.id)
const ofFlowSteps = (w: World): Where => [
  'step_id IN (SELECT id FROM compliance_steps WHERE flow_id = ?)',
  [w.flow.id],
]

/** One row per watched table (two for members: an owner and not) and the scopes it belongs to */
const CASES: Case[] = [
  {
    table: 'contracts',
    where: is('id', (w) => w.companyContract.id),
    scopes: (w) => [...borrower(w), ...contract(w)],
    /* Its id stays: the twin's contract is another contract */
    moved: (w, twin) => [...borrower(w), ...borrower(twin), ...contract(w)],
  },
  /* A provider's link: its own company and the borrower of its contract */
  {
    table: 'contract_parts',
    where: is('id', (w) => w.partId),
    scopes: (w) => [`c:${w.borrower.id}`, `c:${w.providerCompany.id}`, ...contract(w)],
  },
  /* The rows of a contract's detail: its own scope */
  ...CONTRACT_DETAIL_ROW_TABLES.map((table) => ({ table, where: ofContract, scopes: contract })),
  { table: 'contract_status_counters', where: ofBorrower, scopes: borrower },
  { table: 'company_link_counters', where: ofBorrower, scopes: borrower },
  /* An owner: their company, their memberships, and the borrowers their company is linked to */
  {
    table: 'company_members',
    row: 'owner',
    where: (w) => ['company_id = ? AND user_id = ?', [w.providerCompany.id, w.providerOwner.id]],
    scopes: (w) => [`c:${w.providerCompany.id}`, `u:${w.providerOwner.id}`, `c:${w.borrower.id}`],
  },
  /* Any other role: their company and their memberships only */
  {
    table: 'company_members',
    row: 'admin',
    where: (w) => ['company_id = ? AND user_id = ?', [w.providerCompany.id, w.providerAdmin.id]],
    scopes: (w) => [`c:${w.providerCompany.id}`, `u:${w.providerAdmin.id}`],
  },
  {
    table: 'work_entries',
    where: is('contract_part_id', (w) => w.partId),
    scopes: borrowerHours,
  },
  {
    table: 'work_entry_tasks',
    where: (w) => [
      'work_entry_id IN (SELECT id FROM work_entries WHERE contract_part_id = ?)',
      [w.partId],
    ],
    scopes: borrowerHours,
  },
  { table: 'compliance_flows', where: is('id', (w) => w.flow.id), scopes: borrowerCompliance },
  { table: 'compliance_steps', where: is('flow_id', (w) => w.flow.id), scopes: borrowerCompliance },
  { table: 'compliance_document_requirements', where: ofFlowSteps, scopes: borrowerCompliance },
  { table: 'compliance_step_validators', where: ofFlowSteps, scopes: borrowerCompliance },
  {
    table: 'provider_compliance_flows',
    where: is('id', (w) => w.attachmentId),
    scopes: borrowerCompliance,
  },
  {
    table: 'provider_compliance_flow_leaderships',
    where: is('provider_compliance_flow_id', (w) => w.attachmentId),
    scopes: borrowerCompliance,
  },
  {
    table: 'provider_compliances',
    where: is('id', (w) => w.companyCompliance.id),
    scopes: borrowerCompliance,
  },
  {
    table: 'step_compliances',
    where: is('provider_compliance_id', (w) => w.companyCompliance.id),
    scopes: borrowerCompliance,
  },
  {
    table: 'step_compliance_documents',
    where: (w) => [
      'step_compliance_id IN (SELECT id FROM step_compliances WHERE provider_compliance_id = ?)',
      [w.companyCompliance.id],
    ],
    scopes: borrowerCompliance,
  },
  { table: 'notifications', where: ofOwner, scopes: inbox },
  { table: 'notification_counters', where: ofOwner, scopes: inbox },
  { table: 'notification_rank_marks', where: ofOwner, scopes: inbox },
  { table: 'notification_read_marks', where: ofOwner, scopes: inbox },
  /* A new user or company starts its own scope; a change of what lists print raises the directory */
  { table: 'users', where: is('id', (w) => w.person.id), scopes: (w) => [`u:${w.person.id}`] },
  {
    table: 'companies',
    where: is('id', (w) => w.providerCompany.id),
    scopes: (w) => [`c:${w.providerCompany.id}`],
  },
]

const EVENTS = { INSERT: 4, DELETE: 8, UPDATE: 16 } as const
type Event = keyof typeof EVENTS

/** The read-version triggers the database has: table -> the events they fire on */
async function triggersInDatabase() {
  const { rows } = await db.rawQuery(
    `SELECT c.relname AS "table", t.tgtype AS type FROM pg_trigger t
       JOIN pg_class c ON c.oid = t.tgrelid
      WHERE t.tgname LIKE 'read_versions_%' AND c.relname <> 'read_version_changes'`
  )
  const triggers = new Map<string, Set<Event>>()
  for (const { table, type } of rows as { table: string; type: number }[]) {
    const events = triggers.get(table) ?? new Set<Event>()
    for (const event of Object.keys(EVENTS) as Event[]) {
      if (type & EVENTS[event]) events.add(event)
    }
    triggers.set(table, events)
  }
  return triggers
}

async function versions() {
  const { rows } = await db.rawQuery('SELECT scope, version FROM read_versions')
  return new Map<string, string>(rows.map((row: any) => [row.scope, row.version]))
}

/** The scopes whose version `change` raised (tests raise per statement: bootstrap.ts) */
async function raisedBy(change: () => Promise<unknown>) {
  const before = await versions()
  await change()
  const after = await versions()
  return [...after]
    .filter(([scope, version]) => before.get(scope) !== version)
    .map(([scope]) => scope)
    .sort()
}

/**
 * Runs `body` with only `table`'s read-version triggers on: no other
 * trigger, no foreign-key action (session_replication_role = replica; the
 * raise at the end of the statement kept), then undoes all of it.
 */
async function alone(table: string, body: () => Promise<void>) {
  await db.rawQuery('SAVEPOINT alone')
  try {
    await db.rawQuery('SET LOCAL session_replication_role = replica')
    await db.rawQuery('ALTER TABLE read_version_changes ENABLE ALWAYS TRIGGER read_versions_raise')
    const { rows } = await db.rawQuery(
      `SELECT t.tgname FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
        WHERE c.relname = ? AND t.tgname LIKE 'read_versions_%'`,
      [table]
    )
    for (const { tgname: name } of rows) {
      await db.rawQuery(`ALTER TABLE ${table} ENABLE ALWAYS TRIGGER ${name}`)
    }
    await body()
  } finally {
    await db.rawQuery('ROLLBACK TO SAVEPOINT alone')
  }
}

/** The row's `ctid` (tables without an id, such as counters and marks, too) */
/** The table's generated columns (contracts.name_search): PostgreSQL writes them from their sources */
async function generatedColumns(table: string): Promise<string[]> {
  const { rows } = await db.rawQuery(
    `SELECT attname::text AS name FROM pg_attribute
      WHERE attrelid = ?::regclass AND attgenerated <> ''`,
    [table]
  )
  return rows.map((row: { name: string }) => row.name)
}

async function rowOf(table: string, [where, bindings]: Where) {
  /** Without its generated columns: an INSERT or UPDATE may not write them */
  const { rows } = await db.rawQuery(
    `SELECT ctid::text AS ctid, to_jsonb(t) - CAST(? AS text[]) AS row
       FROM ${table} t WHERE ${where} LIMIT 1`,
    [await generatedColumns(table), ...bindings]
  )
  if (!rows.length) throw new Error(`no ${table} row in the world`)
  return rows[0] as { ctid: string; row: Record<string, unknown> }
}

/** A value that differs from `column`'s, of its type */
function changed(table: string, column: string) {
  if (table === 'companies' && column === 'timezone') {
    return `CASE WHEN timezone = 'America/Manaus' THEN 'America/Belem' ELSE 'America/Manaus' END`
  }
  /* Short enough for any varchar, unique among the world's rows */
  return `CASE WHEN ${column} IS NOT DISTINCT FROM '1' THEN '2' ELSE '1' END`
}

const sorted = (scopes: string[]) => [...new Set(scopes)].sort()

/**
 * What is wrong with the triggers of `kase`'s table, run alone on its row
 * of `w` (and its twin of `twin`): each statement that did not raise
 * exactly its scopes.
 */
async function coverageFailures(kase: Case, w: World, twin: World, columns: Set<string>) {
  const failures: string[] = []
  const { table } = kase
  const label = kase.row ? `${table} (${kase.row})` : table
  const expect = (what: string, raised: string[], scopes: string[]) => {
    if (JSON.stringify(raised) !== JSON.stringify(sorted(scopes))) {
      failures.push(`${what} ${label}: raised [${raised}] instead of [${sorted(scopes)}]`)
    }
  }
  const directory = DIRECTORY_TABLES.includes(table)
  const scopes = kase.scopes(w)

  await alone(table, async () => {
    const { ctid, row } = await rowOf(table, kase.where(w))
    const deleted = await raisedBy(() =>
      db.rawQuery(`DELETE FROM ${table} WHERE ctid = ?::tid`, [ctid])
    )
    expect('DELETE', deleted, directory ? ['directory'] : scopes)
    const inserted = await raisedBy(() =>
      db.rawQuery(
        `INSERT INTO ${table} (${Object.keys(row).join(', ')})
         SELECT ${Object.keys(row).join(', ')} FROM jsonb_populate_record(NULL::${table}, ?)`,
        [row]
      )
    )
    expect('INSERT', inserted, scopes)
  })

  /** A generated column changes only with its source, which is updated here too */
  const generated = await generatedColumns(table)
  const written = [...columns].filter((column) => !generated.includes(column))
  await alone(table, async () => {
    let { ctid } = await rowOf(table, kase.where(w))
    for (const column of written) {
      const ignored = NOT_PRINTED[table]?.includes(column) || KEYS.includes(column)
      const value = directory && !ignored ? changed(table, column) : column
      const raised = await raisedBy(async () => {
        const { rows } = await db.rawQuery(
          `UPDATE ${table} SET ${column} = ${value} WHERE ctid = ?::tid RETURNING ctid::text AS ctid`,
          [ctid]
        )
        /* An UPDATE writes a new row version: follow it */
        ctid = rows[0].ctid
      })
      const own = OWN_SCOPE_TABLES.includes(table) ? scopes : []
      expect(
        `UPDATE .${column} of`,
        raised,
        directory ? (ignored ? [] : ['directory', ...own]) : scopes
      )
    }
  })

  /* The directory tables' scopes are their ids: a row is not moved there */
  if (directory) return failures
  await alone(table, async () => {
    const { ctid } = await rowOf(table, kase.where(w))
    const other = await rowOf(table, kase.where(twin))
    await db.rawQuery(`DELETE FROM ${table} WHERE ctid = ?::tid`, [other.ctid])
    const moved = Object.keys(other.row).filter((column) => !KEYS.includes(column))
    const raised = await raisedBy(() =>
      db.rawQuery(
        `UPDATE ${table} SET (${moved.join(', ')}) =
           (SELECT ${moved.join(', ')} FROM jsonb_populate_record(NULL::${table}, ?))
          WHERE ctid = ?::tid`,
        [other.row, ctid]
      )
    )
    expect('UPDATE moving', raised, kase.moved?.(w, twin) ?? [...scopes, ...kase.scopes(twin)])
  })
  return failures
}

async function worlds(client: Parameters<typeof attachedWorld>[0]) {
  return { w: await world(client), twin: await world(client), read: await cachedColumnsRead() }
}

test.group('Read versions: every trigger raises exactly the scopes of its rows', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => {
    drive.fake()
    freezeClock('2026-03-18T15:00:00Z')
    return () => {
      drive.restore()
      restoreClock()
    }
  })

  test('every table the cached statements read is watched on INSERT, UPDATE and DELETE', async ({
    assert,
  }) => {
    const read = await cachedColumnsRead()
    const triggers = await triggersInDatabase()
    const unwatched = [...read.keys()].filter(
      (table) => [...(triggers.get(table) ?? [])].sort().join() !== 'DELETE,INSERT,UPDATE'
    )
    assert.deepEqual(unwatched, [])
  })

  test('the watched tables are those of the cases, each on INSERT, UPDATE and DELETE', async ({
    assert,
  }) => {
    const triggers = await triggersInDatabase()
    assert.sameMembers([...triggers.keys()], [...new Set(CASES.map(({ table }) => table))])
    for (const [table, events] of triggers) {
      assert.sameMembers([...events], ['INSERT', 'UPDATE', 'DELETE'], table)
    }
  })

  test('each statement on one row of a watched table alone raises exactly its scopes', async ({
    client,
    assert,
  }) => {
    const { w, twin, read } = await worlds(client)
    const failures: string[] = []
    for (const kase of CASES) {
      failures.push(...(await coverageFailures(kase, w, twin, read.get(kase.table) ?? new Set())))
    }
    assert.deepEqual(failures, [])
  }).timeout(180_000)
})

/**
 * Hand-made mutants of the trigger SQL, each applied in a savepoint (the
 * function rewritten from its own text, or a trigger dropped) and undone:
 * the coverage above must fail on each.
 */
async function rewritten(fn: string, from: RegExp | string, to: string) {
  const { rows } = await db.rawQuery(
    `SELECT pg_get_functiondef(p.oid) AS text FROM pg_proc p WHERE p.proname = ?`,
    [fn]
  )
  const text: string = rows[0].text
  const mutated = text.replaceAll(from, to)
  if (mutated === text) throw new Error(`${fn}: the mutation matches nothing`)
  await db.rawQuery(mutated)
}

const MUTANTS: { name: string; table: string; row?: string; apply: () => Promise<unknown> }[] = [
  {
    name: 'an UPDATE reads only its new rows (old_rows dropped)',
    table: 'contracts',
    apply: () => rewritten('read_versions_contracts', ' UNION ALL SELECT * FROM old_rows', ''),
  },
  {
    name: "a link no longer raises its contract's borrower",
    table: 'contract_parts',
    apply: () => rewritten('read_versions_contract_parts', "'c:' || c.company_id", 'NULL'),
  },
  {
    name: "an hours entry raises the company's contracts scope, not its hours",
    table: 'work_entries',
    apply: () => rewritten('read_versions_work_entries', "'h:'", "'c:'"),
  },
  {
    name: "a step's document raises the company's contracts scope, not its compliance",
    table: 'step_compliance_documents',
    apply: () => rewritten('read_versions_step_compliance_documents', "'f:'", "'c:'"),
  },
  {
    name: "a reviewer raises a contract scope of another kind, not its contract's",
    table: 'contract_reviewers',
    apply: () => rewritten('read_versions_contract_reviewers', "'k:'", "'c:'"),
  },
  {
    name: 'every member, not only an owner, raises the borrowers',
    table: 'company_members',
    row: 'admin',
    apply: () => rewritten('read_versions_company_members', "WHERE r.role = 'owner'", ''),
  },
  {
    name: "a user's phone is no longer a printed column",
    table: 'users',
    apply: () => rewritten('read_versions_users', /, phone/g, ''),
  },
  {
    name: 'a table no longer watched (its triggers dropped)',
    table: 'work_entry_tasks',
    apply: () =>
      db.rawQuery(`DROP TRIGGER read_versions_insert ON work_entry_tasks;
        DROP TRIGGER read_versions_update ON work_entry_tasks;
        DROP TRIGGER read_versions_delete ON work_entry_tasks`),
  },
  {
    name: 'a DELETE of a contract raises nothing (its trigger dropped)',
    table: 'contracts',
    apply: () => db.rawQuery('DROP TRIGGER read_versions_delete ON contracts'),
  },
]

test.group('Read versions: the coverage fails on a mutant of the trigger SQL', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => {
    drive.fake()
    freezeClock('2026-03-18T15:00:00Z')
    return () => {
      drive.restore()
      restoreClock()
    }
  })

  test('each mutant fails the coverage of its table', async ({ client, assert }) => {
    const { w, twin, read } = await worlds(client)
    for (const mutant of MUTANTS) {
      const kase = CASES.find((one) => one.table === mutant.table && one.row === mutant.row)!
      const columns = read.get(mutant.table) ?? new Set<string>()
      assert.deepEqual(await coverageFailures(kase, w, twin, columns), [], `${mutant.name}: sound`)
      await db.rawQuery('SAVEPOINT mutant')
      await mutant.apply()
      const failures = await coverageFailures(kase, w, twin, columns)
      await db.rawQuery('ROLLBACK TO SAVEPOINT mutant')
      assert.isNotEmpty(failures, `${mutant.name}: not caught`)
    }
  }).timeout(180_000)
})
