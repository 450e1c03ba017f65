import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import ComplianceFlow from '#models/compliance_flow'
import GenerateMonthlyCompliances from '#actions/compliance/generate_monthly_compliances'
import { providerCompliancesStatement } from '#actions/compliance/list_provider_compliances'
import { complianceFlowsStatement } from '#actions/compliance/list_compliance_flows'
import { writeSteps } from '#services/compliance/step_writer'
import { companyWithOwner, memberOf } from '#tests/support/tenancy'
import { nodesOf, type PlanNode } from '#tests/support/plans'

/** Months generated for every attached provider (C1) */
const MONTHS = [1, 2, 3]
const NOW = DateTime.fromISO('2026-03-18T15:00:00Z')

/** The tables these tests grow (flows, steps, requirements and validators hold a few rows) */
const GROWING = ['provider_compliances', 'step_compliances', 'provider_compliance_flows', 'users']

/** A borrower with one two-step flow attached to `providers` people and `provider`, `months` generated */
async function largeBorrower(providers: number, months: number[]) {
  const { company: borrower } = await companyWithOwner()
  const provider = await memberOf(borrower, 'provider')
  const flow = await db.transaction(async (trx) => {
    const created = await ComplianceFlow.create(
      { companyId: borrower.id, name: 'Plano', status: 'active', providersCount: 0 },
      { client: trx }
    )
    const schedule = { frequency: 'monthly' as const, dayStart: 1, dayEnd: 28 }
    await writeSteps(
      borrower.id,
      created.id,
      [
        { title: 'Documentos', stepType: 'documents', schedule, documents: [{ name: 'NF' }] },
        { title: 'Certidões', stepType: 'documents', schedule, dependsOnPrevious: true },
      ],
      trx
    )
    return created
  })
  await db.rawQuery(
    `WITH people AS (
       INSERT INTO users (id, name, email, created_at, updated_at)
       SELECT gen_random_uuid(), 'Pessoa ' || n, 'plan-' || n || '@compliance.test', now(), now()
         FROM generate_series(1, ?::int) AS n
       RETURNING id)
     INSERT INTO provider_compliance_flows
            (id, company_id, flow_id, provider_id, provider_type, attached_at)
     SELECT gen_random_uuid(), ?::uuid, ?::uuid, id, 'NATURAL_PERSON', now() FROM people
     UNION ALL
     SELECT gen_random_uuid(), ?::uuid, ?::uuid, ?::uuid, 'NATURAL_PERSON', now()`,
    [providers, borrower.id, flow.id, borrower.id, flow.id, provider.id]
  )
  const generate = new GenerateMonthlyCompliances()
  for (const month of months) await generate.handle({ year: 2026, month, companyId: borrower.id })
  await db.rawQuery(
    'ANALYZE users, companies, company_members, provider_compliance_flows, provider_compliances, step_compliances'
  )
  return { borrower, provider }
}

async function plan(sql: string, bindings: Record<string, unknown>) {
  const result = await db.rawQuery(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`, bindings)
  return nodesOf(result.rows[0]['QUERY PLAN'][0].Plan as PlanNode)
}

/**
 * The lists run as prepared statements (app/support/prepared_statement.ts)
 * because planning them cost more than running them; that only pays when
 * PostgreSQL settles on a generic plan (no re-planning per execution): after
 * five executions, EXPLAIN EXECUTE shows the parameters ($n), not the values.
 */
async function settlesOnGenericPlan(sql: string, bindings: Record<string, unknown>) {
  const native = db.rawQuery(sql, bindings).knexQuery.toSQL().toNative()
  const values = native.bindings as unknown[]
  /** EXECUTE takes its values in the text (a utility statement has no bind parameters) */
  const execute = db
    .rawQuery(`EXECUTE plan_probe(${values.map(() => '?').join(', ')})`, values as any[])
    .toQuery()
  await db.rawQuery(`PREPARE plan_probe AS ${native.sql}`)
  try {
    for (let run = 0; run < 6; run++) await db.rawQuery(execute)
    const explained = await db.rawQuery(`EXPLAIN (FORMAT JSON) ${execute}`)
    return /\$\d/.test(JSON.stringify(explained.rows[0]['QUERY PLAN']))
  } finally {
    await db.rawQuery('DEALLOCATE plan_probe')
  }
}

test.group('Compliance / C1 and D1 plans at scale', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('C1 reads the caller compliances by index and their steps by index, whatever the attached providers', async ({
    assert,
  }) => {
    const { borrower, provider } = await largeBorrower(3_000, MONTHS)
    const { sql, bindings } = providerCompliancesStatement(borrower, provider.id, {}, NOW)

    const nodes = await plan(sql, bindings)
    const compliances = nodes.filter((node) => node['Relation Name'] === 'provider_compliances')
    assert.isTrue(
      compliances.some(
        (node) =>
          node['Index Name'] === 'provider_compliances_company_id_provider_id_year_month_index' &&
          node['Actual Rows'] === MONTHS.length
      )
    )
    for (const node of nodes) {
      const scanned = node['Node Type'] === 'Seq Scan' ? node['Relation Name'] : undefined
      assert.isFalse(GROWING.includes(scanned ?? ''), `Seq Scan on ${scanned}`)
    }
    const { rows } = await db.rawQuery(sql, bindings)
    assert.equal(JSON.parse(rows[0].body).total, MONTHS.length)
    assert.isTrue(await settlesOnGenericPlan(sql, bindings))
  }).timeout(120_000)

  test('D1 reads 20 attached providers of a large flow from the index and settles on a generic plan', async ({
    assert,
  }) => {
    /** Enough attachments that reading them all costs more than 20 primary-key probes */
    const { borrower } = await largeBorrower(20_000, [])
    const { sql, bindings } = complianceFlowsStatement(borrower.id, {}, 1, 100)

    const nodes = await plan(sql, bindings)
    for (const node of nodes) {
      const scanned = node['Node Type'] === 'Seq Scan' ? node['Relation Name'] : undefined
      assert.isFalse(GROWING.includes(scanned ?? ''), `Seq Scan on ${scanned}`)
      if (node['Relation Name'] === 'provider_compliance_flows') {
        assert.isAtMost(node['Actual Rows'], 20)
      }
    }
    assert.isTrue(await settlesOnGenericPlan(sql, bindings))
  }).timeout(120_000)
})
