import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import ace from '@adonisjs/core/services/ace'
import type { ApiClient } from '@japa/api-client'
import GenerateMonthlyCompliances from '#actions/compliance/generate_monthly_compliances'
import ProviderCompliance from '#models/provider_compliance'
import StepCompliance from '#models/step_compliance'
import { complianceWorld, createFlow, documentsStep, headers } from '#tests/support/compliance'
import { freezeClock, restoreClock } from '#tests/support/clock'

type World = Awaited<ReturnType<typeof complianceWorld>>

async function attach(client: ApiClient, world: World, flowId: string) {
  const response = await client
    .post(`/api/v1/compliance-flows/${flowId}/providers`)
    .headers(headers(world.borrower))
    .json({ providerIds: [world.providerCompany.id, world.person.id] })
    .loginAs(world.owner)
  response.assertStatus(200)
}

const count = async (model: typeof ProviderCompliance | typeof StepCompliance) =>
  (await model.query().count('* as total').first())!.$extras.total as string

test.group('Compliance / monthly generation', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => {
    freezeClock('2026-03-10T12:00:00-03:00')
    return () => restoreClock()
  })

  test('compliance:generate is idempotent and skips draft flows and detached providers', async ({
    client,
    assert,
  }) => {
    const world = await complianceWorld()
    const active = await createFlow(client as ApiClient, world, {
      name: 'Ativo',
      steps: [documentsStep(), documentsStep({ title: 'Depois', dependsOnPrevious: true })],
    })
    const draft = await createFlow(
      client as ApiClient,
      world,
      { name: 'Rascunho', steps: [documentsStep()] },
      false
    )
    await attach(client as ApiClient, world, active.id)
    await attach(client as ApiClient, world, draft.id)

    const first = await ace.exec('compliance:generate', ['--month', '2026-04'])
    assert.equal(first.exitCode, 0)
    assert.equal(await count(ProviderCompliance), '2')
    assert.equal(await count(StepCompliance), '4')
    const steps = await StepCompliance.query().preload('step')
    assert.sameMembers(
      steps.map((step) => `${step.step.title}:${step.status}`),
      ['Documentos do mês:pending', 'Documentos do mês:pending', 'Depois:blocked', 'Depois:blocked']
    )

    const second = await ace.exec('compliance:generate', ['--month', '2026-04'])
    assert.equal(second.exitCode, 0)
    assert.equal(await count(ProviderCompliance), '2')

    await client
      .delete(`/api/v1/compliance-flows/${active.id}/providers/${world.person.id}`)
      .headers(headers(world.borrower))
      .loginAs(world.owner)
    await ace.exec('compliance:generate', [])
    const march = await ProviderCompliance.query().where('month', 3)
    assert.deepEqual(
      march.map((compliance) => compliance.providerId),
      [world.providerCompany.id]
    )

    const bad = await ace.exec('compliance:generate', ['--month', '2026-13'])
    assert.equal(bad.exitCode, 1)
  })

  test('quarterly and custom steps exist only in their months; a step added later is filled in', async ({
    client,
    assert,
  }) => {
    const world = await complianceWorld()
    const flow = await createFlow(client as ApiClient, world, {
      name: 'Periódico',
      steps: [
        documentsStep({
          title: 'Trimestral',
          schedule: { frequency: 'quarterly', dayStart: 1, dayEnd: 10, monthStart: 2 },
        }),
        documentsStep({
          title: 'Custom',
          schedule: { frequency: 'custom', dayStart: 1, dayEnd: 10, monthStart: 11, monthEnd: 1 },
        }),
      ],
    })
    await attach(client as ApiClient, world, flow.id)
    const generate = new GenerateMonthlyCompliances()
    const titles = async (month: number) => {
      await generate.handle({ year: 2026, month, companyId: world.borrower.id })
      const steps = await StepCompliance.query()
        .whereIn('provider_compliance_id', (query) =>
          query
            .from('provider_compliances')
            .where('month', month)
            .where('provider_id', world.person.id)
            .select('id')
        )
        .preload('step')
      return steps.map((step) => step.step.title).sort()
    }
    assert.deepEqual(await titles(5), ['Trimestral'])
    assert.deepEqual(await titles(12), ['Custom'])
    assert.deepEqual(await titles(1), ['Custom'])
    assert.deepEqual(await titles(3), [])
    assert.lengthOf(await ProviderCompliance.query().where('month', 3), 0)

    await client
      .put(`/api/v1/compliance-flows/${flow.id}`)
      .headers(headers(world.borrower))
      .json({
        steps: [
          ...flow.steps.map((step: any) => ({ id: step.id })),
          documentsStep({ title: 'Mensal' }),
        ],
      })
      .loginAs(world.owner)
    assert.deepEqual(await titles(5), ['Mensal', 'Trimestral'])
  })

  test('submission window follows the schedule in the company timezone', async ({
    client,
    assert,
  }) => {
    const world = await complianceWorld()
    const flow = await createFlow(client as ApiClient, world, {
      name: 'Janela',
      steps: [
        documentsStep({
          title: 'Semana',
          schedule: { frequency: 'weekly', dayStart: 1, dayEnd: 2 },
        }),
        documentsStep({
          title: 'Mês',
          schedule: { frequency: 'monthly', dayStart: 5, dayEnd: 31 },
        }),
        documentsStep({
          title: 'Cedo',
          schedule: { frequency: 'monthly', dayStart: 1, dayEnd: 5 },
        }),
      ],
    })
    await attach(client as ApiClient, world, flow.id)
    freezeClock('2026-02-10T02:00:00Z')
    const response = await client
      .get('/api/v1/provider-compliances/current')
      .headers(headers(world.borrower))
      .loginAs(world.person)
    const [compliance] = response.body().data
    assert.equal(compliance.month, 2)
    const byTitle = Object.fromEntries(compliance.steps.map((s: any) => [s.title, s]))
    assert.isTrue(byTitle['Semana'].isSubmissionOpen)
    assert.isTrue(byTitle['Mês'].isSubmissionOpen)
    assert.isFalse(byTitle['Cedo'].isSubmissionOpen)
    assert.equal(byTitle['Mês'].submissionDeadline, '2026-02-28T23:59:59.999-03:00')
  })

  test('one pass generates every company; a step added to an approved compliance reopens it', async ({
    client,
    assert,
  }) => {
    const first = await complianceWorld()
    const second = await complianceWorld()
    const flows = []
    for (const world of [first, second]) {
      const flow = await createFlow(client as ApiClient, world, {
        name: 'Mensal',
        steps: [documentsStep()],
      })
      await attach(client as ApiClient, world, flow.id)
      flows.push(flow)
    }
    const run = await ace.exec('compliance:generate', ['--month', '2026-05'])
    assert.equal(run.exitCode, 0)
    for (const world of [first, second]) {
      const may = await ProviderCompliance.query()
        .where('company_id', world.borrower.id)
        .where('month', 5)
      assert.sameMembers(
        may.map((compliance) => compliance.providerId),
        [world.providerCompany.id, world.person.id]
      )
    }

    /** The person's May compliance of the first company is complete... */
    const approved = await ProviderCompliance.query()
      .where('company_id', first.borrower.id)
      .where('provider_id', first.person.id)
      .where('month', 5)
      .firstOrFail()
    await StepCompliance.query()
      .where('provider_compliance_id', approved.id)
      .update({ status: 'approved' })
    await approved.merge({ status: 'approved' }).save()
    /** ...until the flow gets a step that depends on the approved one */
    const updated = await client
      .put(`/api/v1/compliance-flows/${flows[0].id}`)
      .headers(headers(first.borrower))
      .json({
        steps: [
          ...flows[0].steps.map((step: any) => ({ id: step.id })),
          documentsStep({ title: 'Depois', dependsOnPrevious: true }),
        ],
      })
      .loginAs(first.owner)
    updated.assertStatus(200)
    const again = await new GenerateMonthlyCompliances().handle({
      year: 2026,
      month: 5,
      companyIds: [first.borrower.id, second.borrower.id],
    })
    /** two step compliances added (one per provider of the first company), no compliance */
    assert.deepEqual(again, { compliances: 0, steps: 2 })
    const steps = await StepCompliance.query()
      .where('provider_compliance_id', approved.id)
      .preload('step')
    assert.sameMembers(
      steps.map((step) => `${step.step.title}:${step.status}`),
      ['Documentos do mês:approved', 'Depois:pending']
    )
    await approved.refresh()
    assert.equal(approved.status, 'pending')
    const other = await ProviderCompliance.query()
      .where('company_id', first.borrower.id)
      .where('provider_id', first.providerCompany.id)
      .where('month', 5)
      .firstOrFail()
    const blocked = await StepCompliance.query()
      .where('provider_compliance_id', other.id)
      .preload('step')
    assert.sameMembers(
      blocked.map((step) => `${step.step.title}:${step.status}`),
      ['Documentos do mês:pending', 'Depois:blocked']
    )
  })
})
