import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import CompanyMember from '#models/company_member'
import { nodesOf, type PlanNode } from '#tests/support/plans'
import { companyWithOwner, memberOf } from '#tests/support/tenancy'
import { legalProvider, naturalProvider } from '#tests/support/hours'
import { inboxOf } from '#tests/support/notifications'
import { cachedStatements, SKIP_HINTS, type Statement } from '#tests/support/read_statements'
import { READ_SCOPES, type ReadScope } from '#support/read_versions'

async function relationsRead({ sql, bindings }: Statement) {
  const { rows } = await db.rawQuery(`EXPLAIN (FORMAT JSON) ${sql}`, bindings)
  const nodes = nodesOf(rows[0]['QUERY PLAN'][0].Plan as PlanNode)
  return nodes.map((node) => node['Relation Name']).filter((name): name is string => !!name)
}

/** The read scopes (READ_SCOPES' names) a change of each watched table raises, from its trigger's SQL */
async function scopesRaisedByTable() {
  const { rows } = await db.rawQuery(
    `SELECT DISTINCT c.relname AS table, p.prosrc AS source
       FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_proc p ON p.oid = t.tgfoid
      WHERE t.tgname LIKE 'read_versions_%' AND p.proname = 'read_versions_' || c.relname`
  )
  const prefixes: [string, ReadScope][] = [
    ["'c:'", 'company'],
    ["'h:'", 'hours'],
    ["'f:'", 'compliance'],
    ["'n:'", 'inbox'],
    ["'u:'", 'user'],
    ["'directory'", 'directory'],
    ["'k:'", 'contract'],
  ]
  const raises = new Map<string, ReadScope[]>()
  for (const { table, source } of rows as { table: string; source: string }[]) {
    raises.set(
      table,
      prefixes.filter(([prefix]) => source.includes(prefix)).map(([, scope]) => scope)
    )
  }
  return raises
}

async function versionOf(scope: string): Promise<string | null> {
  const { rows } = await db.rawQuery('SELECT version FROM read_versions WHERE scope = ?', [scope])
  return rows[0]?.version ?? null
}

/** The versions of the scopes before and after `change` */
async function versionsOf(scopes: string[]) {
  const versions: (string | null)[] = []
  for (const scope of scopes) versions.push(await versionOf(scope))
  return versions
}

async function around(scopes: string[], change: () => Promise<unknown>) {
  const before = await versionsOf(scopes)
  await change()
  const after = await versionsOf(scopes)
  return scopes.map((scope, index) => ({ scope, raised: before[index] !== after[index] }))
}

test.group('Read versions: what each change raises', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test("every table a cached read's statements read raises a scope the read declares", async ({
    assert,
  }) => {
    const raises = await scopesRaisedByTable()
    const read = new Set<string>()
    const uncovered: string[] = []
    for (const statement of cachedStatements()) {
      const declared: readonly string[] = READ_SCOPES[statement.read]
      for (const table of await relationsRead(statement)) {
        read.add(table)
        if (SKIP_HINTS.includes(table)) continue
        const scopes = raises.get(table) ?? []
        if (!scopes.some((scope) => declared.includes(scope))) {
          uncovered.push(
            `${statement.read} reads ${table} (raises: ${scopes.join(', ') || 'none'})`
          )
        }
      }
    }
    /* The statements read what the lists print: the probe itself must see them */
    for (const table of ['notifications', 'step_compliances', 'contract_parts', 'users']) {
      assert.isTrue(read.has(table), `${table} is read`)
    }
    assert.deepEqual([...new Set(uncovered)], [], 'tables read without a declared scope raised')
  })

  test('every scope a cached read declares is raised by a table its statements read', async ({
    assert,
  }) => {
    const raises = await scopesRaisedByTable()
    const used = new Map<string, Set<string>>()
    for (const statement of cachedStatements()) {
      const scopes = used.get(statement.read) ?? new Set<string>()
      for (const table of await relationsRead(statement)) {
        for (const scope of raises.get(table) ?? []) scopes.add(scope)
      }
      used.set(statement.read, scopes)
    }
    for (const [name, scopes] of used) {
      const declared: readonly string[] = READ_SCOPES[name as keyof typeof READ_SCOPES]
      assert.deepEqual(
        declared.filter((scope) => !scopes.has(scope)),
        [],
        `${name} declares only scopes its statements depend on`
      )
    }
  })

  test('a change raises its company, a new company or user starts its own scope', async ({
    assert,
  }) => {
    const { company, owner } = await companyWithOwner()
    assert.isNotNull(await versionOf(`c:${company.id}`))
    assert.isNotNull(await versionOf(`u:${owner.id}`))

    const [linked] = await around([`c:${company.id}`], () => naturalProvider(company))
    assert.isTrue(linked.raised, 'a new contract and link raise the borrower')
  })

  test('names raise the directory; a password or a login does not', async ({ assert }) => {
    const { owner } = await companyWithOwner()
    const [password] = await around(['directory'], () =>
      db.from('users').where('id', owner.id).update({ password: 'x', updated_at: new Date() })
    )
    assert.isFalse(password.raised)
    const [renamed] = await around(['directory'], () =>
      db.from('users').where('id', owner.id).update({ name: 'Novo Nome' })
    )
    assert.isTrue(renamed.raised)
  })

  test("any change of a user's row raises the user; of a company's row, the directory", async ({
    assert,
  }) => {
    const { company, owner } = await companyWithOwner()
    const [password, directory] = await around([`u:${owner.id}`, 'directory'], () =>
      db.from('users').where('id', owner.id).update({ password: 'x', locale: 'en' })
    )
    assert.isTrue(password.raised, 'a password or a locale raises the user (the kept floor)')
    assert.isFalse(directory.raised)

    const [same] = await around([`u:${owner.id}`], () =>
      db.from('users').where('id', owner.id).update({ locale: 'en' })
    )
    assert.isFalse(same.raised, 'the same values raise nothing')

    const [status] = await around(['directory'], () =>
      db.from('companies').where('id', company.id).update({ document_status: 'verified' })
    )
    assert.isTrue(
      status.raised,
      "a company's unprinted column raises the directory (the kept floor)"
    )
  })

  test('a provider company owner change raises the borrowers it is linked to', async ({
    assert,
  }) => {
    const { company: borrower } = await companyWithOwner()
    const provider = await legalProvider(borrower)
    const [borrowerScope, providerScope, userScope] = await around(
      [`c:${borrower.id}`, `c:${provider.company.id}`, `u:${provider.owner.id}`],
      () =>
        CompanyMember.query()
          .where('company_id', provider.company.id)
          .where('user_id', provider.owner.id)
          .update({ role: 'admin' })
    )
    assert.isTrue(borrowerScope.raised, 'the borrower lists print the owner')
    assert.isTrue(providerScope.raised)
    assert.isTrue(userScope.raised, 'the user acts for other companies now')
  })

  test('a notification raises its inbox only', async ({ assert }) => {
    const { company, owner } = await companyWithOwner()
    const other = await memberOf(company, 'user')
    const [mine, theirs, companyScope] = await around(
      [`n:${owner.id}:${company.id}`, `n:${other.id}:${company.id}`, `c:${company.id}`],
      () => inboxOf(owner, company)
    )
    assert.isTrue(mine.raised)
    assert.isFalse(theirs.raised)
    assert.isFalse(companyScope.raised)
  })

  test('a rolled-back change never gives its version to a later state', async ({ assert }) => {
    const { company } = await companyWithOwner()
    const scope = `c:${company.id}`
    const before = await versionOf(scope)
    let rolledBack: string | null = null
    await db
      .transaction(async (trx) => {
        await trx.rawQuery('UPDATE contracts SET name = name WHERE company_id = ?', [company.id])
        await trx.rawQuery(`SELECT read_versions_bump(ARRAY[?])`, [scope])
        rolledBack = (
          await trx.rawQuery('SELECT version FROM read_versions WHERE scope = ?', [scope])
        ).rows[0].version
        throw new Error('rollback')
      })
      .catch(() => {})
    assert.equal(await versionOf(scope), before)
    await naturalProvider(company)
    const after = await versionOf(scope)
    assert.notEqual(after, before)
    assert.notEqual(after, rolledBack)
  })
})

test.group('Read versions: raised at COMMIT', () => {
  test('a change queues its scopes; their rows are raised, and locked, only when it commits', async ({
    assert,
    cleanup,
  }) => {
    const { company, owner } = await companyWithOwner()
    cleanup(async () => {
      await db.from('companies').where('id', company.id).delete()
      await db.from('users').where('id', owner.id).delete()
    })
    const scope = `c:${company.id}`
    const before = await versionOf(scope)

    const trx = await db.transaction()
    await trx.rawQuery('UPDATE company_members SET updated_at = now() WHERE company_id = ?', [
      company.id,
    ])
    const inside = await trx.rawQuery('SELECT version FROM read_versions WHERE scope = ?', [scope])
    assert.equal(inside.rows[0].version, before, 'not raised before COMMIT')
    /* Another transaction can lock the row: the change holds no lock on it yet */
    await db.transaction((other) =>
      other.rawQuery('SELECT 1 FROM read_versions WHERE scope = ? FOR UPDATE NOWAIT', [scope])
    )
    await trx.commit()

    assert.notEqual(await versionOf(scope), before)
    const { rows } = await db.rawQuery('SELECT count(*)::int AS n FROM read_version_changes')
    assert.equal(rows[0].n, 0, 'the queue is empty after COMMIT')
  })
})
