import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import drive from '@adonisjs/drive/services/main'
import type { ApiClient } from '@japa/api-client'
import db from '@adonisjs/lucid/services/db'
import Company from '#models/company'
import {
  attachedWorld,
  createFlow,
  documentsStep,
  headers,
  ONE_DOCUMENT,
  sendFirstStep,
} from '#tests/support/compliance'
import { freezeClock, restoreClock } from '#tests/support/clock'
import GenerateMonthlyCompliances from '#actions/compliance/generate_monthly_compliances'

type World = Awaited<ReturnType<typeof attachedWorld>>

/** A signed URL carries its expiry: compare where it points, not when it expires */
const unsigned = (body: any) =>
  JSON.parse(JSON.stringify(body), (key, value) =>
    key === 'fileUrl' && typeof value === 'string' ? value.split('?')[0] : value
  )

/**
 * C1 builds its body in PostgreSQL (PROVIDER_COMPLIANCE_JSON_SQL); C3
 * builds the same ProviderCompliance with the DTOs and Luxon. Every
 * compliance of the list must equal its C3 body, with documents (signed
 * URLs), validators and immediate leaders, submitted and reviewed
 * timestamps, days-of-month and weekday windows, in a zone with an offset
 * and in UTC (`Z`).
 */
async function richWorld(client: ApiClient) {
  const world = await attachedWorld(client, (w) => [
    documentsStep({
      ...ONE_DOCUMENT,
      validators: [{ userId: w.validator.id }, { userId: w.analyst.id }],
      includeImmediateLeadership: true,
    }),
    documentsStep({
      title: 'Certidões',
      schedule: { frequency: 'weekly', dayStart: 1, dayEnd: 5 },
      dependsOnPrevious: true,
    }),
    documentsStep({
      title: 'Virada',
      schedule: { frequency: 'monthly', dayStart: 25, dayEnd: 5 },
    }),
  ])
  const step = world.companyCompliance.steps[0]
  const leaders = await client
    .put(
      `/api/v1/team/${world.providerCompany.id}/compliance-flows/${world.companyCompliance.providerComplianceFlowId}`
    )
    .headers(headers(world.borrower))
    .json({
      stepLeaderships: [
        {
          stepId: step.complianceStepId,
          immediateLeadershipIds: [world.owner.id, world.validator.id],
        },
      ],
    })
    .loginAs(world.owner)
  leaders.assertStatus(200)
  const { documentId } = await sendFirstStep(client, world)
  const review = await client
    .patch(
      `/api/v1/team/${world.providerCompany.id}/compliances/${world.companyCompliance.id}/steps/${step.id}/review`
    )
    .headers(headers(world.borrower))
    .json({ documentId, action: 'reject', rejectionReason: 'Ilegível' })
    .loginAs(world.validator)
  review.assertStatus(200)
  return world
}

async function assertListEqualsShow(client: ApiClient, world: World, assert: any) {
  for (const user of [world.providerOwner, world.person]) {
    const list = await client
      .get('/api/v1/provider-compliances')
      .headers(headers(world.borrower))
      .loginAs(user)
    list.assertStatus(200)
    assert.match(list.header('content-type') ?? '', /^application\/json/)
    const { data, total } = list.body()
    assert.equal(total, data.length)
    assert.isAbove(data.length, 0)
    for (const compliance of data) {
      const show = await client
        .get(`/api/v1/provider-compliances/${compliance.id}`)
        .headers(headers(world.borrower))
        .loginAs(user)
      show.assertStatus(200)
      assert.deepEqual(unsigned(compliance), unsigned(show.body().data))
    }
  }
  return (
    await client
      .get('/api/v1/provider-compliances')
      .headers(headers(world.borrower))
      .loginAs(world.providerOwner)
  ).body().data
}

test.group('Compliance / C1 built in SQL', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => {
    drive.fake()
    freezeClock('2026-03-31T22:30:00-03:00')
    return () => {
      drive.restore()
      restoreClock()
    }
  })

  test('each compliance of C1 equals its C3 body (Sao Paulo)', async ({ client, assert }) => {
    const world = await richWorld(client as ApiClient)
    const [compliance] = await assertListEqualsShow(client as ApiClient, world, assert)
    const [first, weekly, wrapping] = compliance.steps
    /** what the comparison covered */
    assert.lengthOf(first.documents, 1)
    assert.match(first.documents[0].fileUrl, /nf|\//)
    assert.equal(first.documents[0].status, 'rejected')
    assert.isNotNull(first.submittedAt)
    assert.isNotNull(first.reviewedAt)
    assert.sameMembers(
      first.validators.map((validator: any) => validator.userId),
      [world.validator.id, world.analyst.id, world.owner.id]
    )
    assert.equal(weekly.submissionDeadline, '2026-04-03T23:59:59.999-03:00')
    assert.equal(wrapping.submissionDeadline, '2026-04-05T23:59:59.999-03:00')
  })

  test('each compliance of C1 equals its C3 body (UTC, printed with Z)', async ({
    client,
    assert,
  }) => {
    const world = await richWorld(client as ApiClient)
    await Company.query().where('id', world.borrower.id).update({ timezone: 'UTC' })
    const [compliance] = await assertListEqualsShow(client as ApiClient, world, assert)
    assert.match(compliance.steps[0].submissionDeadline, /Z$/)
  })

  test('several months and flows: each compliance of C1 equals its C3 body', async ({
    client,
    assert,
  }) => {
    /**
     * C1 groups the step compliances of all the page's compliances in one
     * pass (steps and windows computed once per step and month): months with
     * other windows, a second flow with other steps, and the document of one
     * step compliance must land on that one only.
     */
    const world = await richWorld(client as ApiClient)
    const other = await createFlow(client as ApiClient, world, {
      name: 'Trimestral',
      steps: [
        documentsStep({
          title: 'Quinzenal',
          schedule: { frequency: 'biweekly', dayStart: 3, dayEnd: 2 },
        }),
        documentsStep({
          title: 'Trimestre',
          schedule: { frequency: 'quarterly', dayStart: 10, dayEnd: 20, monthStart: 1 },
        }),
      ],
    })
    const attached = await client
      .post('/api/v1/providers/compliance-flows')
      .headers(headers(world.borrower))
      .json({ attachments: [{ providerId: world.providerCompany.id, complianceFlowId: other.id }] })
      .loginAs(world.owner)
    attached.assertStatus(201)
    const generate = new GenerateMonthlyCompliances()
    for (const [year, month] of [
      [2025, 12],
      [2026, 1],
      [2026, 2],
      [2026, 3],
    ]) {
      await generate.handle({ year, month, companyId: world.borrower.id })
    }
    const data = await assertListEqualsShow(client as ApiClient, world, assert)
    /** what the comparison covered */
    assert.lengthOf(data, 8)
    assert.sameMembers(
      [...new Set(data.map((compliance: any) => `${compliance.year}-${compliance.month}`))],
      ['2025-12', '2026-1', '2026-2', '2026-3']
    )
    const documents = data.flatMap((compliance: any) =>
      compliance.steps.flatMap((step: any) => step.documents)
    )
    assert.lengthOf(documents, 1)
    const quarterly = data.filter((compliance: any) =>
      compliance.steps.some((step: any) => step.title === 'Trimestre')
    )
    assert.sameMembers(
      quarterly.map((compliance: any) => compliance.month),
      [1]
    )
  })

  test('C1 escapes hostile text as C3 does (format() text; fileUrl cannot be forged)', async ({
    client,
    assert,
  }) => {
    const world = await richWorld(client as ApiClient)
    /** Written past the validators: quotes, backslash, newline, tab, control char, emoji, format codes */
    const hostile = (field: string) =>
      `${field} "aspas" 'simples' \\ barra\nlinha\ttab \u0001ctrl \u2028 🚀 %s %% %1$s %I %L fim`
    const flowId = world.flow.id
    await db
      .from('compliance_flows')
      .where('id', flowId)
      .update({ name: hostile('flow') })
    const stepIds = (await db.from('compliance_steps').where('flow_id', flowId).select('id')).map(
      (step) => step.id
    )
    await db
      .from('compliance_steps')
      .whereIn('id', stepIds)
      .update({ title: hostile('step') })
    await db
      .from('compliance_document_requirements')
      .whereIn('step_id', stepIds)
      .update({ name: hostile('requirement'), description: hostile('why') })
    for (const [user, name] of [
      [world.validator, 'validator'],
      [world.owner, 'leader'],
    ] as const) {
      await db
        .from('users')
        .where('id', user.id)
        .update({ name: hostile(name), avatar: hostile(`${name} avatar`) })
    }
    const document = await db
      .from('step_compliance_documents')
      .join(
        'step_compliances',
        'step_compliances.id',
        'step_compliance_documents.step_compliance_id'
      )
      .where('step_compliances.provider_compliance_id', world.companyCompliance.id)
      .select('step_compliance_documents.id')
      .firstOrFail()
    /** a file name that spells the fileUrl placeholder must stay a file name */
    const forged = `${hostile('file')} "fileUrl":"sign:${document.id}" "fileUrl" : "sign:${document.id}"`
    await db
      .from('step_compliance_documents')
      .where('id', document.id)
      .update({ file_name: forged, rejection_reason: hostile('reason') })

    const [compliance] = await assertListEqualsShow(client as ApiClient, world, assert)
    /** what the comparison covered */
    assert.equal(compliance.complianceFlowName, hostile('flow'))
    const [first] = compliance.steps
    assert.equal(first.title, hostile('step'))
    assert.equal(first.requiredDocuments[0].description, hostile('why'))
    assert.equal(first.documents[0].fileName, forged)
    assert.equal(first.documents[0].documentRequirementName, hostile('requirement'))
    assert.equal(first.documents[0].rejectionReason, hostile('reason'))
    assert.notMatch(first.documents[0].fileUrl, /^sign:/)
    assert.includeMembers(
      first.validators.map((validator: any) => validator.name),
      [hostile('validator'), hostile('leader')]
    )
    assert.include(
      first.validators.map((validator: any) => validator.avatar),
      hostile('leader avatar')
    )
  })

  test('each flow of D1 (built in SQL) equals its D2 body (DTOs)', async ({ client, assert }) => {
    const world = await richWorld(client as ApiClient)
    const list = await client
      .get('/api/v1/compliance-flows')
      .headers(headers(world.borrower))
      .loginAs(world.owner)
    list.assertStatus(200)
    assert.match(list.header('content-type') ?? '', /^application\/json/)
    const { data, total, meta } = list.body()
    assert.equal(total, 1)
    assert.deepEqual(meta, { total: 1, page: 1, perPage: 100, totalPages: 1 })
    const show = await client
      .get(`/api/v1/compliance-flows/${data[0].id}`)
      .headers(headers(world.borrower))
      .loginAs(world.owner)
    assert.deepEqual(data[0], show.body().data)
    /** what the comparison covered: both kinds of provider with their documents */
    assert.lengthOf(data[0].attachedProviders, 2)
    assert.sameMembers(
      data[0].attachedProviders.map((provider: any) => provider.document.length),
      [18, 14]
    )
    assert.lengthOf(data[0].steps[0].validators, 2)
  })

  test('D1 escapes hostile text as D2 does (format() text, not json_build_object)', async ({
    client,
    assert,
  }) => {
    const world = await richWorld(client as ApiClient)
    /** Written past the validators: quotes, backslash, newline, tab, control char, emoji, format codes */
    const hostile = (field: string) =>
      `${field} "aspas" 'simples' \\ barra\nlinha\ttab \u0001ctrl \u2028 🚀 %s %% %1$s %I %L {"x":1} fim`
    const flowId = world.flow.id
    await db
      .from('compliance_flows')
      .where('id', flowId)
      .update({
        name: hostile('flow'),
        description: hostile('description'),
      })
    const steps = await db.from('compliance_steps').where('flow_id', flowId).select('id')
    const stepIds = steps.map((step) => step.id)
    await db
      .from('compliance_steps')
      .whereIn('id', stepIds)
      .update({ title: hostile('step') })
    await db
      .from('compliance_document_requirements')
      .whereIn('step_id', stepIds)
      .update({ name: hostile('requirement'), description: hostile('why') })
    await db
      .from('users')
      .where('id', world.validator.id)
      .update({
        name: hostile('validator'),
        avatar: hostile('avatar'),
      })
    await db
      .from('users')
      .where('id', world.person.id)
      .update({ name: hostile('person') })
    await db
      .from('companies')
      .where('id', world.providerCompany.id)
      .update({ name: hostile('pj') })
    await db
      .from('contracts')
      .whereIn('id', [world.companyContract.id, world.personContract.id])
      .update({ name: hostile('contract') })

    const list = await client
      .get('/api/v1/compliance-flows')
      .headers(headers(world.borrower))
      .loginAs(world.owner)
    list.assertStatus(200)
    const [flow] = list.body().data
    const show = await client
      .get(`/api/v1/compliance-flows/${flow.id}`)
      .headers(headers(world.borrower))
      .loginAs(world.owner)
    show.assertStatus(200)
    assert.deepEqual(flow, show.body().data)
    /** key order too (deepEqual ignores it) */
    assert.equal(JSON.stringify(flow), JSON.stringify(show.body().data))
    /** what the comparison covered */
    assert.equal(flow.name, hostile('flow'))
    assert.equal(flow.description, hostile('description'))
    assert.equal(flow.steps[0].title, hostile('step'))
    assert.equal(flow.steps[0].documents[0].description, hostile('why'))
    assert.include(
      flow.steps[0].validators.map((validator: any) => validator.avatar),
      hostile('avatar')
    )
    assert.sameMembers(
      flow.attachedProviders.map((provider: any) => provider.name),
      [hostile('pj'), hostile('person')]
    )
    assert.sameMembers(
      flow.attachedProviders.map((provider: any) => provider.contractName),
      [hostile('contract'), hostile('contract')]
    )
  })
})
