import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { as } from '#tests/support/http'
import { complianceWorld, createFlow, documentsStep, headers } from '#tests/support/compliance'
import { planCounts } from '#tests/support/prepared_runs'

/**
 * The compliance lists read their nested data (steps,
 * requirements, validators, documents, leaders, attached providers) in a
 * fixed number of statements, whatever the number of flows or compliances.
 * Counted on the connection's `query` event, for real requests.
 */
async function statementsOf(request: () => Promise<unknown>) {
  const statements: string[] = []
  const knex = db.connection().getWriteClient()
  const listener = (query: { sql: string }) => statements.push(query.sql)
  knex.on('query', listener)
  try {
    await request()
  } finally {
    knex.off('query', listener)
  }
  return {
    total: statements.length,
    /** The endpoint's own statements: those of a compliance table (the floor reads `v_compliance`) */
    compliance: statements.filter((sql) => /compliance(s\b|_)/i.test(sql)),
  }
}

/** A borrower with `flows` active two-step flows, each attached to both providers */
async function worldWith(client: any, flows: number) {
  const world = await complianceWorld()
  const steps = [
    documentsStep({ validators: [{ userId: world.validator.id }] }),
    documentsStep({ title: 'Certidões', dependsOnPrevious: true }),
  ]
  const created = []
  for (let index = 0; index < flows; index++) {
    created.push(await createFlow(client, world, { name: `Fluxo ${index}`, steps }))
  }
  const attached = await client
    .post('/api/v1/providers/compliance-flows')
    .headers(headers(world.borrower))
    .json({
      attachments: created.flatMap((flow) =>
        [world.providerCompany.id, world.person.id].map((providerId) => ({
          providerId,
          complianceFlowId: flow.id,
        }))
      ),
    })
    .loginAs(world.owner)
  attached.assertStatus(201)
  return world
}

async function measure(client: any, flows: number) {
  const world = await worldWith(client, flows)
  const borrowerSide = as(client, world.owner, world.borrower)
  const provider = as(client, world.providerOwner, world.borrower)
  /** The first C1 generates the month; the lists below read what is there */
  ;(await provider.get('/provider-compliances')).assertStatus(200)

  let sizes = { flows: 0, compliances: 0, team: 0 }
  const d1 = await statementsOf(async () => {
    const response = await borrowerSide.get('/compliance-flows')
    response.assertStatus(200)
    sizes.flows = response.body().data.length
  })
  const c1 = await statementsOf(async () => {
    const response = await provider.get('/provider-compliances')
    response.assertStatus(200)
    sizes.compliances = response.body().data.length
  })
  const e7 = await statementsOf(async () => {
    const response = await borrowerSide.get(`/team/${world.providerCompany.id}/compliances`)
    response.assertStatus(200)
    sizes.team = response.body().data.length
  })
  return { d1, c1, e7, sizes }
}

test.group('Compliance / list statements', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('D1, C1 and E7 run as many statements for 20 flows as for 1', async ({ client, assert }) => {
    const one = await measure(client, 1)
    const twenty = await measure(client, 20)
    assert.deepEqual(one.sizes, { flows: 1, compliances: 1, team: 1 })
    assert.deepEqual(twenty.sizes, { flows: 20, compliances: 20, team: 20 })

    for (const list of ['d1', 'c1', 'e7'] as const) {
      assert.equal(twenty[list].total, one[list].total, `${list}: statements for 20 vs 1`)
    }
    /** D1: flows, steps, requirements, validators and providers in one statement */
    assert.lengthOf(twenty.d1.compliance, 1, twenty.d1.compliance.join('\n---\n'))
    /**
     * C1: ONE statement, the month-complete check, the compliances, their
     * flows and the steps with everything nested, the body built as JSON
     * by PostgreSQL (no write transaction)
     */
    assert.lengthOf(twenty.c1.compliance, 1, twenty.c1.compliance.join('\n---\n'))
    assert.notInclude(twenty.c1.compliance.join('\n').toLowerCase(), 'insert into')
    /** E7: the known-provider check, the compliances, their flows, the nested steps */
    assert.lengthOf(twenty.e7.compliance, 4, twenty.e7.compliance.join('\n---\n'))
  })
})

test.group('Compliance / C1 on its generic plan', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  /**
   * Left to PostgreSQL's rule, C1 kept a custom plan on the bench's 10x
   * data, planned on every request (5-6 ms of planning for 1-4 ms of
   * running); its generic plan ran in 0.9 ms there
   */
  test('C1 runs on its generic plan from its first run', async ({ client, assert }) => {
    const world = await worldWith(client, 2)
    const provider = as(client, world.providerOwner, world.borrower)
    /** Each a new read (the cache answers a repeat) */
    for (const query of ['', '?search=Fluxo', '?search=Fluxo%201', '?year=2026&month=1']) {
      const before = await planCounts('WITH providers AS')
      ;(await provider.get(`/provider-compliances${query}`)).assertStatus(200)
      const after = await planCounts('WITH providers AS')
      assert.isAtLeast(after.generic - before.generic, 1, query)
      assert.equal(after.custom, before.custom, query)
    }
  })
})
