import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import Contract from '#models/contract'
import ContractPart from '#models/contract_part'
import CompanyMember from '#models/company_member'
import { WorkflowFactory } from '#database/factories/contract_factory'
import {
  CONTRACT_DETAIL_ROW_TABLES,
  contractWorld,
  createContract,
  fullPayload,
} from '#tests/support/contracts'
import { companyWithOwner, memberOf } from '#tests/support/tenancy'
import { as, inSession } from '#tests/support/http'
import { statementsOf } from '#tests/support/statements'
import { findContractDetail } from '#models/queries/contract_detail'
import { preparedRuns } from '#tests/support/prepared_runs'

test.group('Contracts / authoring (H3, H4, H5)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('H3 creates a draft and persists the structured snapshot', async ({ client, assert }) => {
    const world = await contractWorld()
    const response = await as(client, world.owner, world.company)
      .post('/contracts')
      .json(fullPayload(world))
    response.assertStatus(201)
    const { data } = response.body()
    assert.equal(data.status, 'draft')
    assert.equal(data.progress, 40)

    const parts = await ContractPart.query().where('contract_id', data.id)
    assert.sameDeepMembers(
      parts.map((part) => [part.companyId ?? part.userId, part.role, part.value, part.valueCents]),
      [
        [world.company.id, 'BORROWER', null, null],
        [world.provider.company.id, 'PROVIDER', '12.000,00', 1_200_000],
        [world.person.id, 'PROVIDER', '150,00', 15_000],
      ]
    )
    const memberships = await CompanyMember.query()
      .where('company_id', world.company.id)
      .where('role', 'provider')
    assert.sameMembers(
      memberships.map((m) => m.userId),
      [world.provider.owner.id, world.person.id]
    )
  })

  test('H5 and GET /contracts/:id return the detail with parts and tables', async ({
    client,
    assert,
  }) => {
    const world = await contractWorld()
    const id = await createContract(client, world)
    for (const url of [`/contracts/${id}/detail`, `/contracts/${id}`]) {
      const response = await as(client, world.owner, world.company).get(url)
      response.assertStatus(200)
      const detail = response.body().data
      assert.equal(detail.workflowId, world.workflow.id)
      assert.lengthOf(detail.parts, 3)
      const provider = detail.parts.find((p: any) => p.companyId === world.provider.company.id)
      assert.deepInclude(provider, {
        role: 'PROVIDER',
        value: '12.000,00',
        contractType: 'MONTHLY',
      })
      assert.equal(provider.person.name, world.provider.company.name)
      assert.lengthOf(detail.documents, 2)
      assert.equal(detail.modelConfig.templateId, world.template.id)
      assert.equal(detail.revisionConfig.reviewers[0].userId, world.reviewer.id)
      assert.lengthOf(detail.variableValues, 2)
      assert.deepEqual(detail.currentStep, { key: 'parts', index: 0 })
      assert.lengthOf(detail.steps, 2)
    }
  })

  test("GET /contracts/:id reads the contract and every relation in one statement, by the company's contract", async ({
    client,
    assert,
  }) => {
    const world = await contractWorld()
    const id = await createContract(client, world)
    const api = await inSession(client, world.owner, world.company)
    const read = () =>
      statementsOf(async () => {
        ;(await api.get(`/contracts/${id}`)).assertStatus(200)
      })
    const statements = await read()
    /** The floor (session, membership), the contract's read version, then the detail */
    assert.lengthOf(statements, 3, statements.join('\n'))
    const [, version, detail] = statements
    assert.include(version, 'FROM read_versions WHERE scope = $1')
    /** Read again with nothing changed: the detail comes from the cache */
    assert.lengthOf(await read(), 2)
    assert.match(
      detail,
      /^WITH owned AS \(SELECT id FROM contracts\s+WHERE company_id = \$1 AND deleted_at IS NULL AND id = \$2\)/
    )
    for (const table of ['contract_parts', ...CONTRACT_DETAIL_ROW_TABLES]) {
      assert.include(detail, `FROM ${table} `)
    }
    /** Every relation is read by the owned contract, never by the path's id alone */
    assert.equal(detail.match(/IN \(SELECT id FROM owned\)/g)!.length, 9)
  })

  test('GET /contracts/:id returns every relation, each in its order, signature members in their group', async ({
    client,
    assert,
  }) => {
    const world = await contractWorld()
    const second = await memberOf(world.company, 'user')
    const id = await createContract(client, world)
    const api = as(client, world.owner, world.company)
    const parts = (await api.get(`/contracts/${id}`)).body().data.parts
    ;(
      await api.put(`/contracts/${id}`).json({
        name: 'Contrato de consultoria',
        partGroups: [
          { name: 'Prestadores', partIds: parts.slice(1).map((part: any) => part.id) },
          { name: 'Contratante', partIds: [parts[0].id] },
        ],
        revisionConfig: {
          reviewers: [
            { userId: second.id, isRequired: false },
            { userId: world.reviewer.id, isRequired: true },
          ],
        },
        signatureConfig: {
          groups: [
            {
              name: 'Contratante',
              order: 1,
              members: [{ userId: second.id }, { userId: world.owner.id }],
            },
            { name: 'Testemunhas', order: 2, members: [{ userId: world.reviewer.id }] },
            { name: 'Vazio', order: 3, members: [] },
          ],
        },
      })
    ).assertStatus(200)

    const detail = (await api.get(`/contracts/${id}`)).body().data
    assert.deepEqual(
      detail.partGroups.map((row: any) => [row.name, row.partIds.length]),
      [
        ['Prestadores', parts.length - 1],
        ['Contratante', 1],
      ]
    )
    assert.deepEqual(detail.modelConfig.partGroups, detail.partGroups)
    assert.deepEqual(
      detail.revisionConfig.reviewers.map((row: any) => [row.userId, row.name, row.isRequired]),
      [
        [second.id, second.name, false],
        [world.reviewer.id, world.reviewer.name, true],
      ]
    )
    assert.deepEqual(
      detail.signatureConfig.groups.map((row: any) => [
        row.name,
        row.members.map((member: any) => member.userId),
      ]),
      [
        ['Contratante', [second.id, world.owner.id]],
        ['Testemunhas', [world.reviewer.id]],
        ['Vazio', []],
      ]
    )
    assert.deepEqual(
      detail.parts.map((part: any) => part.id),
      parts.map((part: any) => part.id)
    )
    assert.lengthOf(detail.documents, 2)
    assert.lengthOf(detail.variableValues, 2)
    assert.deepEqual(detail.uploadedFiles, [])
  })

  test("another company's GET /contracts/:id is 404, and the detail's read finds nothing of it", async ({
    client,
    assert,
  }) => {
    const world = await contractWorld()
    const id = await createContract(client, world)
    const other = await companyWithOwner()
    ;(await as(client, other.owner, other.company).get(`/contracts/${id}`)).assertStatus(404)
    await assert.rejects(() => findContractDetail(other.company.id, id), /contract_not_found/)
    const own = await findContractDetail(world.company.id, id)
    assert.lengthOf(own.parts, 3)
  })

  test('GET /contracts/:id runs every statement prepared: a repeat parses none', async ({
    client,
    assert,
  }) => {
    const world = await contractWorld()
    const id = await createContract(client, world)
    const show = async () =>
      (await as(client, world.owner, world.company).get(`/contracts/${id}`)).assertStatus(200)
    await show()
    const before = await preparedRuns()
    /** The request's statements, and the session `as()` opens for it (a model's insert, prepared too) */
    const statements = await statementsOf(show)
    const after = await preparedRuns()
    assert.equal(after.statements, before.statements, 'no new statement parsed')
    assert.equal(after.runs - before.runs, statements.length, statements.join('\n'))
  })

  test('H4 saves partially, keeps part ids and stored roles', async ({ client, assert }) => {
    const world = await contractWorld()
    const id = await createContract(client, world)
    const before = await ContractPart.query().where('contract_id', id).orderBy('id')

    /** The workflow flips perspective: stored roles are never recomputed */
    world.workflow.companyRole = 'provider'
    await world.workflow.save()
    const response = await as(client, world.owner, world.company)
      .put(`/contracts/${id}`)
      .json({
        name: 'Renomeado',
        progress: 60,
        parts: [
          { companyId: world.provider.company.id, value: '13.500,50', contractType: 'ANNUAL' },
          { userId: world.person.id },
        ],
      })
    response.assertStatus(200)
    assert.deepInclude(response.body().data, { id, name: 'Renomeado', progress: 60 })

    const after = await ContractPart.query().where('contract_id', id).orderBy('id')
    assert.deepEqual(
      after.map((part) => [part.id, part.role]),
      before.map((part) => [part.id, part.role])
    )
    const provider = after.find((part) => part.companyId === world.provider.company.id)!
    assert.equal(provider.valueCents, 1_350_050)
    const contract = await Contract.findOrFail(id)
    const documents = await contract.related('documents').query()
    assert.lengthOf(documents, 2, 'documents absent from the payload are kept')
  })

  test('H4 checks the payload before locking the row; an unchanged save writes only its history, one naming no part reads none', async ({
    client,
    assert,
  }) => {
    const world = await contractWorld()
    const id = await createContract(client, world)
    const payload = {
      name: 'Contrato de consultoria',
      workflowId: world.workflow.id,
      progress: 40,
      parts: [
        { companyId: world.provider.company.id, value: '12.000,00', contractType: 'MONTHLY' },
        { userId: world.person.id, value: '150,00', contractType: 'HOURLY' },
      ],
    }
    const save = async () => {
      const response = await as(client, world.owner, world.company)
        .put(`/contracts/${id}`)
        .json(payload)
      response.assertStatus(200)
    }
    await save()
    /** The audit actor's setting is the transaction's, not the save's (and restored when nested) */
    const statements = (await statementsOf(save)).filter(
      (sql) => !/set_config\('app\.audit'/.test(sql)
    )
    const lock = statements.findIndex((sql) => /for update/i.test(sql))
    assert.isAbove(lock, 0)
    /** Before the lock (after the session): parties linked, then the workflow */
    const checks = statements
      .slice(0, lock)
      .filter((sql) => !/auth_sessions|refresh_tokens/.test(sql))
    assert.lengthOf(checks, 2)
    assert.match(checks[0], /from company_members/i)
    assert.match(checks[1], /from "workflows"/)
    /** Under the lock: the stored parts, then the history entry; nothing unchanged is written */
    assert.lengthOf(statements.slice(lock + 1), 2)
    assert.match(statements[lock + 1], /from "contract_parts"/)
    assert.match(statements[lock + 2], /insert into "contract_history"/)

    /** A save that names no part reads no part: its workflow, the rename, the history entry */
    const renamed = (
      await statementsOf(async () => {
        const response = await as(client, world.owner, world.company)
          .put(`/contracts/${id}`)
          .json({ name: 'Contrato renomeado', progress: 45 })
        response.assertStatus(200)
      })
    ).filter((sql) => !/set_config\('app\.audit'/.test(sql))
    const renameLock = renamed.findIndex((sql) => /for update/i.test(sql))
    assert.lengthOf(renamed.slice(renameLock + 1), 3)
    assert.match(renamed[renameLock + 1], /from "workflows"/)
    assert.match(renamed[renameLock + 2], /update "contracts"/)
    assert.match(renamed[renameLock + 3], /insert into "contract_history"/)
  })

  test('provider-perspective workflows store the company as PROVIDER', async ({
    client,
    assert,
  }) => {
    const world = await contractWorld()
    const workflow = await WorkflowFactory.apply('providerPerspective')
      .merge({ companyId: world.company.id })
      .create()
    const id = await createContract(client, world, { workflowId: workflow.id })
    const parts = await ContractPart.query().where('contract_id', id)
    assert.equal(parts.find((p) => p.companyId === world.company.id)!.role, 'PROVIDER')
    assert.equal(parts.find((p) => p.userId === world.person.id)!.role, 'BORROWER')
  })

  test('partial saves: only a name and empty lists, no workflow, is 201 and adds no part', async ({
    client,
    assert,
  }) => {
    const world = await contractWorld()
    const api = as(client, world.owner, world.company)
    const bare = await api.post('/contracts').json({ name: 'Rascunho' })
    bare.assertStatus(201)
    const created = await api
      .post('/contracts')
      .json({ name: 'Rascunho', progress: 0, steps: [], parts: [], documents: [] })
    created.assertStatus(201)
    const id = created.body().data.id
    assert.lengthOf(await ContractPart.query().where('contract_id', id), 0)

    /** Once the workflow is chosen, the company's own part comes with its perspective */
    const saved = await api
      .put(`/contracts/${id}`)
      .json({ name: 'Rascunho', workflowId: world.workflow.id, parts: [] })
    saved.assertStatus(200)
    const parts = await ContractPart.query().where('contract_id', id)
    assert.deepEqual(
      parts.map((part) => [part.companyId, part.role]),
      [[world.company.id, 'BORROWER']]
    )
  })

  test('parts without a workflow: 422 naming workflowId, nothing stored', async ({
    client,
    assert,
  }) => {
    const world = await contractWorld()
    const response = await as(client, world.owner, world.company)
      .post('/contracts')
      .json({ name: 'Sem fluxo', parts: [{ companyId: world.provider.company.id }] })
    response.assertStatus(422)
    assert.deepEqual(response.body().errors, [
      {
        field: 'workflowId',
        rule: 'required',
        message: 'Um fluxo de trabalho é necessário para adicionar partes',
      },
    ])
    assert.lengthOf(await Contract.query().where('company_id', world.company.id), 0)
  })

  test('bad save payloads get 422 and change nothing', async ({ client, assert }) => {
    const world = await contractWorld()
    const bad = [
      { parts: [{ companyId: world.provider.company.id, userId: world.person.id }] },
      { parts: [{ value: '10,00' }] },
      { parts: [{ companyId: world.provider.company.id, value: '1000.00' }] },
      { parts: [{ companyId: world.provider.company.id, value: '1.000,0' }] },
      { parts: [{ companyId: world.provider.company.id, value: `${'1'.repeat(48)},00` }] },
      { parts: [{ companyId: world.provider.company.id, contractType: 'DAILY' }] },
      { parts: [{ companyId: '8f0c3f5e-1b2a-11ee-be56-0242ac120002' }] },
      { parts: [{ companyId: '6f1c2d3e-4b5a-4c7d-8e9f-0a1b2c3d4e5f' }] },
      { workflowId: 'not-a-uuid' },
      { workflowId: '6f1c2d3e-4b5a-4c7d-8e9f-0a1b2c3d4e5f' },
      { documents: [{ id: '8f0c3f5e-1b2a-11ee-be56-0242ac120002', name: 'x', isDownload: true }] },
      { documents: [{ name: 'Sem formato', isDownload: false }] },
      { revisionConfig: { reviewers: [{ userId: world.person.id }] } },
      { name: '' },
    ]
    for (const overrides of bad) {
      const response = await as(client, world.owner, world.company)
        .post('/contracts')
        .json(fullPayload(world, overrides))
      response.assertStatus(422)
      assert.isString(response.body().message)
    }
    assert.lengthOf(await Contract.query().where('company_id', world.company.id), 0)
  })

  test('endDate >= startDate: both sides on H3, and against the stored date on partial H4', async ({
    client,
    assert,
  }) => {
    const world = await contractWorld()
    const api = as(client, world.owner, world.company)
    const create = (startDate: string, endDate: string) =>
      api.post('/contracts').json({ name: 'Datas', startDate, endDate })
    ;(await create('2026-03-10', '2026-03-09')).assertStatus(422)
    ;(await create('2026-03-10', '2026-03-11')).assertStatus(201)
    const created = await create('2026-03-10', '2026-03-10')
    created.assertStatus(201)
    const id = created.body().data.id

    /** Only one date in the payload: it is compared with the stored other one */
    const save = (dates: Record<string, string | null>) =>
      api.put(`/contracts/${id}`).json({ name: 'Datas', ...dates })
    ;(await save({ endDate: '2026-03-09' })).assertStatus(422)
    ;(await save({ startDate: '2026-03-11' })).assertStatus(422)
    let stored = await Contract.findOrFail(id)
    assert.equal(stored.startDate?.toISODate(), '2026-03-10')
    assert.equal(stored.endDate?.toISODate(), '2026-03-10')

    ;(await save({ endDate: '2026-03-11' })).assertStatus(200)
    ;(await save({ startDate: '2026-03-11' })).assertStatus(200)
    ;(await save({ endDate: null })).assertStatus(200)
    ;(await save({ startDate: '2026-04-01' })).assertStatus(200)
    stored = await Contract.findOrFail(id)
    assert.equal(stored.startDate?.toISODate(), '2026-04-01')
    assert.isNull(stored.endDate)
  })

  test('another company gets 404, a provider 403, no token 401, bad ids 404', async ({
    client,
  }) => {
    const world = await contractWorld()
    const id = await createContract(client, world)
    const other = await companyWithOwner()
    const provider = await memberOf(world.company, 'provider')

    ;(await as(client, other.owner, other.company).get(`/contracts/${id}/detail`)).assertStatus(404)
    ;(
      await as(client, other.owner, other.company).put(`/contracts/${id}`).json({ name: 'x' })
    ).assertStatus(404)
    ;(await as(client, other.owner, other.company).delete(`/contracts/${id}`)).assertStatus(404)
    ;(await as(client, provider, world.company).get(`/contracts/${id}/detail`)).assertStatus(403)
    ;(
      await as(client, provider, world.company).post('/contracts').json({ name: 'x' })
    ).assertStatus(403)
    ;(await client.get(`/api/v1/contracts/${id}/detail`)).assertStatus(401)
    for (const bad of ['123', '8f0c3f5e-1b2a-11ee-be56-0242ac120002']) {
      ;(await as(client, world.owner, world.company).get(`/contracts/${bad}/detail`)).assertStatus(
        404
      )
    }
  })

  test('DELETE soft-deletes: the contract disappears everywhere', async ({ client, assert }) => {
    const world = await contractWorld()
    const id = await createContract(client, world)
    const api = as(client, world.owner, world.company)
    ;(await api.delete(`/contracts/${id}`)).assertStatus(204)
    assert.isNotNull((await Contract.findOrFail(id)).deletedAt)
    ;(await api.get(`/contracts/${id}`)).assertStatus(404)
    ;(await api.put(`/contracts/${id}`).json({ name: 'x' })).assertStatus(404)
    ;(await api.delete(`/contracts/${id}`)).assertStatus(404)
    const list = await api.get('/contracts')
    assert.lengthOf(list.body().data, 0)
    const board = await api.get('/contracts/board')
    assert.equal(board.body().data.columns[0].total, 0)
  })
})
