import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import ComplianceFlow from '#models/compliance_flow'
import ComplianceStep from '#models/compliance_step'
import { companyWithOwner, memberOf } from '#tests/support/tenancy'
import { complianceWorld, documentsStep, headers } from '#tests/support/compliance'

test.group('Compliance / flows (D1-D5)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('D3 creates a draft flow with generated ids and steps ordered 1..n', async ({
    client,
    assert,
  }) => {
    const { borrower, owner, validator } = await complianceWorld()
    const response = await client
      .post('/api/v1/compliance-flows')
      .headers(headers(borrower))
      .json({
        name: 'Compliance mensal',
        description: null,
        steps: [
          documentsStep({
            title: 'Segundo',
            order: 7,
            validators: [{ userId: validator.id, name: 'x' }],
          }),
          {
            title: 'Primeiro',
            order: 2,
            stepType: 'platformData',
            schedule: {
              frequency: 'quarterly',
              dayStart: 5,
              dayEnd: 10,
              monthStart: 1,
              monthEnd: 3,
            },
            platformDataTypes: ['hours', 'activeContracts'],
            documents: [],
          },
        ],
      })
      .loginAs(owner)
    response.assertStatus(201)
    const flow = response.body().data
    assert.equal(flow.status, 'draft')
    assert.deepEqual(flow.attachedProviders, [])
    assert.equal(flow.providersCount, 0)
    assert.deepEqual(
      flow.steps.map((step: any) => [step.title, step.order]),
      [
        ['Primeiro', 1],
        ['Segundo', 2],
      ]
    )
    const second = flow.steps[1]
    assert.equal(second.validators[0].userId, validator.id)
    assert.equal(second.validators[0].name, validator.name)
    assert.deepEqual(second.documents[0].formats, ['.pdf'])
    assert.isString(second.documents[0].id)
    assert.deepEqual(flow.steps[0].schedule, {
      frequency: 'quarterly',
      dayStart: 5,
      dayEnd: 10,
      monthStart: 1,
      monthEnd: 3,
    })
  })

  test('D3 refuses bad steps with 422 and creates nothing', async ({ client, assert }) => {
    const { borrower, owner, providerOwner, person } = await complianceWorld()
    const { owner: stranger } = await companyWithOwner()
    const bad = [
      documentsStep({ schedule: { frequency: 'monthly', dayStart: 0, dayEnd: 10 } }),
      documentsStep({ schedule: { frequency: 'monthly', dayStart: 1, dayEnd: 32 } }),
      documentsStep({
        schedule: { frequency: 'custom', dayStart: 1, dayEnd: 5, monthStart: 13, monthEnd: 1 },
      }),
      documentsStep({ schedule: { frequency: 'daily', dayStart: 1, dayEnd: 5 } }),
      documentsStep({ stepType: 'video' }),
      documentsStep({ platformDataTypes: ['hours'] }),
      { ...documentsStep(), stepType: 'platformData', platformDataTypes: ['hours'] },
      {
        ...documentsStep({ documents: [] }),
        stepType: 'platformData',
        platformDataTypes: ['salary'],
      },
      { ...documentsStep({ documents: [] }), stepType: 'platformData', platformDataTypes: [] },
      documentsStep({ documents: [{ name: 'x', formats: ['.exe'] }] }),
      documentsStep({ validators: [{ userId: providerOwner.id }] }),
      documentsStep({ validators: [{ userId: person.id }] }),
      documentsStep({ validators: [{ userId: stranger.id }] }),
      documentsStep({ onlyImmediateLeadershipRequired: true }),
      documentsStep({ allValidatorsRequired: true }),
      documentsStep({ title: '' }),
    ]
    for (const step of bad) {
      const response = await client
        .post('/api/v1/compliance-flows')
        .headers(headers(borrower))
        .json({ name: 'Ruim', steps: [step] })
        .loginAs(owner)
      response.assertStatus(422)
    }
    const missingName = await client
      .post('/api/v1/compliance-flows')
      .headers(headers(borrower))
      .json({ steps: [] })
      .loginAs(owner)
    missingName.assertStatus(422)
    assert.lengthOf(await ComplianceFlow.query().where('company_id', borrower.id), 0)
  })

  test('allValidatorsRequired forces onlyImmediateLeadershipRequired', async ({
    client,
    assert,
  }) => {
    const { borrower, owner } = await complianceWorld()
    const response = await client
      .post('/api/v1/compliance-flows')
      .headers(headers(borrower))
      .json({
        name: 'Liderança',
        steps: [documentsStep({ includeImmediateLeadership: true, allValidatorsRequired: true })],
      })
      .loginAs(owner)
    response.assertStatus(201)
    const [step] = response.body().data.steps
    assert.isTrue(step.allValidatorsRequired)
    assert.isTrue(step.onlyImmediateLeadershipRequired)
    assert.isTrue(step.includeImmediateLeadership)
  })

  test('D1 lists by updatedAt desc with search and status filters', async ({ client, assert }) => {
    const { borrower, owner } = await complianceWorld()
    const { company: other, owner: otherOwner } = await companyWithOwner()
    for (const name of ['Mensal Alfa', 'Trimestral Beta', 'mensal gama']) {
      await client
        .post('/api/v1/compliance-flows')
        .headers(headers(borrower))
        .json({ name })
        .loginAs(owner)
    }
    await client
      .post('/api/v1/compliance-flows')
      .headers(headers(other))
      .json({ name: 'Mensal outro' })
      .loginAs(otherOwner)
    await ComplianceFlow.query().where('name', 'Trimestral Beta').update({ status: 'active' })

    const all = await client
      .get('/api/v1/compliance-flows')
      .headers(headers(borrower))
      .loginAs(owner)
    all.assertStatus(200)
    assert.equal(all.body().total, 3)
    assert.deepEqual(
      all.body().data.map((flow: any) => flow.name),
      ['mensal gama', 'Trimestral Beta', 'Mensal Alfa']
    )

    const search = await client
      .get('/api/v1/compliance-flows')
      .qs({ search: 'MENSAL' })
      .headers(headers(borrower))
      .loginAs(owner)
    assert.sameMembers(
      search.body().data.map((flow: any) => flow.name),
      ['Mensal Alfa', 'mensal gama']
    )
    const active = await client
      .get('/api/v1/compliance-flows')
      .qs({ status: 'active' })
      .headers(headers(borrower))
      .loginAs(owner)
    assert.deepEqual(
      active.body().data.map((flow: any) => flow.name),
      ['Trimestral Beta']
    )
    const bad = await client
      .get('/api/v1/compliance-flows')
      .qs({ status: 'deleted' })
      .headers(headers(borrower))
      .loginAs(owner)
    bad.assertStatus(422)
  })

  test('D2 shows a flow; another company flow and bad ids are 404', async ({ client }) => {
    const { borrower, owner } = await complianceWorld()
    const { company: other, owner: otherOwner } = await companyWithOwner()
    const created = await client
      .post('/api/v1/compliance-flows')
      .headers(headers(other))
      .json({ name: 'Alheio' })
      .loginAs(otherOwner)
    const id = created.body().data.id

    const mine = await client
      .post('/api/v1/compliance-flows')
      .headers(headers(borrower))
      .json({ name: 'Meu' })
      .loginAs(owner)
    const ok = await client
      .get(`/api/v1/compliance-flows/${mine.body().data.id}`)
      .headers(headers(borrower))
      .loginAs(owner)
    ok.assertStatus(200)
    ok.assertBodyContains({ data: { name: 'Meu' } })

    for (const path of [`/api/v1/compliance-flows/${id}`, '/api/v1/compliance-flows/not-a-uuid']) {
      const response = await client.get(path).headers(headers(borrower)).loginAs(owner)
      response.assertStatus(404)
    }
    for (const method of ['put', 'delete'] as const) {
      const response = await client[method](`/api/v1/compliance-flows/${id}`)
        .headers(headers(borrower))
        .json({ name: 'x' })
        .loginAs(owner)
      response.assertStatus(404)
    }
  })

  test('D4 replaces steps: update by id, create without id, delete missing', async ({
    client,
    assert,
  }) => {
    const { borrower, owner, validator, analyst } = await complianceWorld()
    const created = await client
      .post('/api/v1/compliance-flows')
      .headers(headers(borrower))
      .json({
        name: 'Fluxo',
        steps: [
          documentsStep({ title: 'A', validators: [{ userId: validator.id }] }),
          documentsStep({ title: 'B' }),
        ],
      })
      .loginAs(owner)
    const [a, b] = created.body().data.steps
    const before = created.body().data.updatedAt

    const response = await client
      .put(`/api/v1/compliance-flows/${created.body().data.id}`)
      .headers(headers(borrower))
      .json({
        description: 'Nova descrição',
        steps: [
          {
            title: 'Novo',
            stepType: 'platformData',
            schedule: { frequency: 'weekly', dayStart: 1, dayEnd: 5 },
            platformDataTypes: ['hours'],
          },
          {
            ...documentsStep({ title: 'A2', validators: [{ userId: analyst.id }] }),
            id: a.id,
            documents: [{ id: a.documents[0].id, name: 'NF renomeada', required: true }],
          },
        ],
      })
      .loginAs(owner)
    response.assertStatus(200)
    const flow = response.body().data
    assert.equal(flow.description, 'Nova descrição')
    assert.deepEqual(
      flow.steps.map((step: any) => [step.title, step.order]),
      [
        ['Novo', 1],
        ['A2', 2],
      ]
    )
    assert.equal(flow.steps[1].id, a.id)
    assert.equal(flow.steps[1].documents[0].id, a.documents[0].id)
    assert.equal(flow.steps[1].documents[0].name, 'NF renomeada')
    assert.lengthOf(flow.steps[1].documents, 1)
    assert.deepEqual(
      flow.steps[1].validators.map((v: any) => v.userId),
      [analyst.id]
    )
    assert.isNull(await ComplianceStep.find(b.id))
    assert.isTrue(flow.updatedAt >= before)

    const unknownStep = await client
      .put(`/api/v1/compliance-flows/${flow.id}`)
      .headers(headers(borrower))
      .json({ steps: [{ ...documentsStep(), id: b.id }] })
      .loginAs(owner)
    unknownStep.assertStatus(422)
  })

  test('D4 with only {id, order} reorders and changes nothing else', async ({ client, assert }) => {
    const { borrower, owner } = await complianceWorld()
    const created = await client
      .post('/api/v1/compliance-flows')
      .headers(headers(borrower))
      .json({
        name: 'Fluxo',
        steps: [
          documentsStep({ title: 'A' }),
          documentsStep({ title: 'B' }),
          documentsStep({ title: 'C' }),
        ],
      })
      .loginAs(owner)
    const [a, b, c] = created.body().data.steps
    const response = await client
      .put(`/api/v1/compliance-flows/${created.body().data.id}`)
      .headers(headers(borrower))
      .json({
        steps: [
          { id: c.id, order: 1 },
          { id: a.id, order: 2 },
        ],
      })
      .loginAs(owner)
    response.assertStatus(200)
    const steps = response.body().data.steps
    assert.deepEqual(
      steps.map((step: any) => [step.id, step.order]),
      [
        [c.id, 1],
        [a.id, 2],
        [b.id, 3],
      ]
    )
    assert.deepEqual(steps[0].documents, c.documents)
  })

  test('D4 status moves only draft -> active -> archived (else 409, unchanged)', async ({
    client,
    assert,
  }) => {
    const { borrower, owner } = await complianceWorld()
    const created = await client
      .post('/api/v1/compliance-flows')
      .headers(headers(borrower))
      .json({ name: 'Fluxo' })
      .loginAs(owner)
    const path = `/api/v1/compliance-flows/${created.body().data.id}`
    const put = (body: object) =>
      client.put(path).headers(headers(borrower)).json(body).loginAs(owner)

    ;(await put({ status: 'archived', name: 'Mudou' })).assertStatus(409)
    assert.equal((await ComplianceFlow.findOrFail(created.body().data.id)).name, 'Fluxo')
    ;(await put({ status: 'active' })).assertStatus(200)
    ;(await put({ status: 'active' })).assertStatus(200)
    ;(await put({ status: 'draft' })).assertStatus(409)
    ;(await put({ status: 'archived' })).assertStatus(200)
    for (const status of ['draft', 'active']) {
      ;(await put({ status })).assertStatus(409)
    }
    ;(await put({ status: 'paused' })).assertStatus(422)
    assert.equal((await ComplianceFlow.findOrFail(created.body().data.id)).status, 'archived')
  })

  test('D5 deletes the flow with its steps and attachments', async ({ client, assert }) => {
    const { borrower, owner, providerCompany } = await complianceWorld()
    const created = await client
      .post('/api/v1/compliance-flows')
      .headers(headers(borrower))
      .json({ name: 'Fluxo', steps: [documentsStep()] })
      .loginAs(owner)
    const id = created.body().data.id
    await client
      .post(`/api/v1/compliance-flows/${id}/providers`)
      .headers(headers(borrower))
      .json({ providerIds: [providerCompany.id] })
      .loginAs(owner)
    const response = await client
      .delete(`/api/v1/compliance-flows/${id}`)
      .headers(headers(borrower))
      .loginAs(owner)
    response.assertStatus(204)
    assert.isNull(await ComplianceFlow.find(id))
    assert.lengthOf(await ComplianceStep.query().where('flow_id', id), 0)
    const again = await client
      .delete(`/api/v1/compliance-flows/${id}`)
      .headers(headers(borrower))
      .loginAs(owner)
    again.assertStatus(404)
  })

  test('roles: a provider gets 403, no token 401, missing x-company-id 403', async ({ client }) => {
    const { borrower, providerOwner, person } = await complianceWorld()
    for (const user of [providerOwner, person]) {
      const response = await client
        .get('/api/v1/compliance-flows')
        .headers(headers(borrower))
        .loginAs(user)
      response.assertStatus(403)
    }
    ;(await client.get('/api/v1/compliance-flows').headers(headers(borrower))).assertStatus(401)
    const member = await memberOf(borrower, 'user')
    ;(await client.get('/api/v1/compliance-flows').loginAs(member)).assertStatus(403)
    ;(
      await client.get('/api/v1/compliance-flows').headers(headers(borrower)).loginAs(member)
    ).assertStatus(200)
  })
})
