import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import drive from '@adonisjs/drive/services/main'
import ContractPart from '#models/contract_part'
import { attachedWorld, documentsStep, sendFirstStep } from '#tests/support/compliance'
import { freezeClock, restoreClock } from '#tests/support/clock'
import { entryOn } from '#tests/support/hours'
import { inboxOf } from '#tests/support/notifications'
import { as } from '#tests/support/http'
import { cachedColumnsRead } from '#tests/support/read_statements'

/**
 * Trigger coverage, as a rule: every table the cached statements read
 * (EXPLAIN VERBOSE, tests/support/read_statements.ts), and every column
 * they read of it, is exercised on its own; an INSERT, a DELETE and an
 * UPDATE of that one column must raise the scopes of the row, exactly
 * (the row's company, inbox, member or the directory). A table or column
 * a list starts reading without a case here fails the first test.
 */

/** Columns the statements read (a `SELECT *` in the team's display join) but no list prints */
const NOT_PRINTED: Record<string, string[]> = {
  users: ['password', 'email_verified_at', 'locale', 'created_at', 'updated_at'],
  companies: ['created_at', 'updated_at'],
}

/** Keys: another id is another row (the INSERT and DELETE cases); set to themselves */
const KEYS = ['id']

/** The printed columns of the directory tables: a change of any one raises `directory` */
const DIRECTORY_TABLES = ['users', 'companies']

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
  return { ...w, partId: part.id as string, attachmentId: attachment.id as string }
}

interface Case {
  /** Picks the row (a condition on the table) */
  where: (w: World) => Record<string, string>
  /** The scopes a change of the row raises */
  scopes: (w: World) => string[]
}

const borrower = (w: World) => [`c:${w.borrower.id}`]
const inbox = (w: World) => [`n:${w.owner.id}:${w.borrower.id}`]
const ofBorrower: Case['where'] = (w) => ({ company_id: w.borrower.id })

/** One row per watched table and the scopes it belongs to */
const CASES: Record<string, Case> = {
  contracts: { where: (w) => ({ id: w.companyContract.id }), scopes: borrower },
  /* A provider's link: its own company and the borrower of its contract */
  contract_parts: {
    where: (w) => ({ id: w.partId }),
    scopes: (w) => [`c:${w.borrower.id}`, `c:${w.providerCompany.id}`],
  },
  contract_status_counters: { where: ofBorrower, scopes: borrower },
  company_link_counters: { where: ofBorrower, scopes: borrower },
  /* An owner: their company, their memberships, and the borrowers their company is linked to */
  company_members: {
    where: (w) => ({ company_id: w.providerCompany.id, user_id: w.providerOwner.id }),
    scopes: (w) => [`c:${w.providerCompany.id}`, `u:${w.providerOwner.id}`, `c:${w.borrower.id}`],
  },
  work_entries: { where: (w) => ({ contract_part_id: w.partId }), scopes: borrower },
  compliance_flows: { where: (w) => ({ id: w.flow.id }), scopes: borrower },
  compliance_steps: { where: (w) => ({ flow_id: w.flow.id }), scopes: borrower },
  compliance_document_requirements: { where: () => ({}), scopes: borrower },
  compliance_step_validators: { where: () => ({}), scopes: borrower },
  provider_compliance_flows: { where: (w) => ({ id: w.attachmentId }), scopes: borrower },
  provider_compliance_flow_leaderships: {
    where: (w) => ({ provider_compliance_flow_id: w.attachmentId }),
    scopes: borrower,
  },
  provider_compliances: { where: (w) => ({ id: w.companyCompliance.id }), scopes: borrower },
  step_compliances: {
    where: (w) => ({ provider_compliance_id: w.companyCompliance.id }),
    scopes: borrower,
  },
  step_compliance_documents: { where: () => ({}), scopes: borrower },
  notifications: { where: (w) => ({ user_id: w.owner.id }), scopes: inbox },
  notification_counters: { where: (w) => ({ user_id: w.owner.id }), scopes: inbox },
  notification_rank_marks: { where: (w) => ({ user_id: w.owner.id }), scopes: inbox },
  notification_read_marks: { where: (w) => ({ user_id: w.owner.id }), scopes: inbox },
  /* A new user or company starts its own scope; a change of what lists print raises the directory */
  users: { where: (w) => ({ id: w.person.id }), scopes: (w) => [`u:${w.person.id}`] },
  companies: {
    where: (w) => ({ id: w.providerCompany.id }),
    scopes: (w) => [`c:${w.providerCompany.id}`],
  },
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

/** `WHERE ctid = <the case's row>`: tables without an id (counters, marks) too */
async function rowOf(table: string, where: Record<string, string>) {
  const row = await db.from(table).where(where).select(db.raw('ctid::text AS ctid')).first()
  if (!row) throw new Error(`no ${table} row in the world`)
  return row.ctid as string
}

/** A value that differs from `column`'s, of its type */
function changed(table: string, column: string) {
  if (table === 'companies' && column === 'timezone') {
    return `CASE WHEN timezone = 'America/Manaus' THEN 'America/Belem' ELSE 'America/Manaus' END`
  }
  /* Short enough for any varchar, unique among the world's rows */
  return `CASE WHEN ${column} IS NOT DISTINCT FROM '1' THEN '2' ELSE '1' END`
}

test.group('Read versions: every watched table and column raises its scopes', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => {
    drive.fake()
    freezeClock('2026-03-18T15:00:00Z')
    return () => {
      drive.restore()
      restoreClock()
    }
  })

  test('each table the cached statements read has a case', async ({ assert }) => {
    const read = await cachedColumnsRead()
    assert.sameMembers([...read.keys()], Object.keys(CASES))
  })

  test('an INSERT, a DELETE and an UPDATE of each column read raise exactly the row scopes', async ({
    client,
    assert,
  }) => {
    const w = await world(client)
    const read = await cachedColumnsRead()
    const failures: string[] = []
    const expect = (what: string, raised: string[], scopes: string[]) => {
      if (JSON.stringify(raised) !== JSON.stringify([...scopes].sort())) {
        failures.push(`${what}: raised [${raised}] instead of [${[...scopes].sort()}]`)
      }
    }

    for (const [table, columns] of read) {
      const kase = CASES[table]
      if (!kase) continue
      const where = kase.where(w)
      const scopes = kase.scopes(w)
      let ctid = await rowOf(table, where)
      const directory = DIRECTORY_TABLES.includes(table)

      /* Delete it (its dependants with it) and put it back, then undo */
      await db.rawQuery('SAVEPOINT coverage')
      const [saved] = (
        await db.rawQuery(`SELECT to_jsonb(t) AS row FROM ${table} t WHERE ctid = ?::tid`, [ctid])
      ).rows
      const deleted = await raisedBy(() =>
        db.rawQuery(`DELETE FROM ${table} WHERE ctid = ?::tid`, [ctid])
      )
      const deleteScopes = directory ? ['directory'] : scopes
      for (const scope of deleteScopes) {
        if (!deleted.includes(scope)) failures.push(`DELETE ${table}: ${scope} not raised`)
      }
      const inserted = await raisedBy(() =>
        db.rawQuery(`INSERT INTO ${table} SELECT * FROM jsonb_populate_record(NULL::${table}, ?)`, [
          saved.row,
        ])
      )
      expect(`INSERT ${table}`, inserted, scopes)
      await db.rawQuery('ROLLBACK TO SAVEPOINT coverage')

      for (const column of columns) {
        const ignored = NOT_PRINTED[table]?.includes(column) || KEYS.includes(column)
        const value = directory ? changed(table, column) : column
        const raised = await raisedBy(async () => {
          const { rows } = await db.rawQuery(
            `UPDATE ${table} SET ${column} = ${ignored ? column : value}
              WHERE ctid = ?::tid RETURNING ctid::text AS ctid`,
            [ctid]
          )
          /* An UPDATE writes a new row version: follow it */
          ctid = rows[0].ctid
        })
        if (directory) {
          const expected = ignored ? [] : ['directory']
          expect(
            `UPDATE ${table}.${column}`,
            raised.filter((s) => s === 'directory'),
            expected
          )
        } else {
          expect(`UPDATE ${table}.${column}`, raised, scopes)
        }
      }
    }
    assert.deepEqual(failures, [])
  })
})
