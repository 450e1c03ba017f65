import { test } from '@japa/runner'
import { refusedFields } from '#tests/support/validation'
import {
  attachFlowToProviderValidator,
  attachmentsValidator,
  attachProvidersValidator,
  availableProvidersValidator,
  createComplianceFlowValidator,
  listComplianceFlowsValidator,
  updateComplianceFlowValidator,
  updateStepLeadershipsValidator,
} from '#validators/compliance_flow'
import {
  grantPlatformDataValidator,
  listProviderCompliancesValidator,
  listTeamCompliancesValidator,
  reviewStepValidator,
} from '#validators/provider_compliance'
import { complianceStatusOf, OPEN_STEP_STATUSES, pgArray } from '#support/compliance'

const refused = refusedFields

const UUID = '0b9f8f5e-6c1a-4c1e-9d3e-2f4b5a6c7d8e'
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`
const a = (length: number) => 'a'.repeat(length)
const step = (overrides: Record<string, unknown> = {}) => ({
  title: 'Documentos',
  stepType: 'documents',
  schedule: { frequency: 'monthly', dayStart: 1, dayEnd: 31 },
  ...overrides,
})
const create = (data: object) => refused(createComplianceFlowValidator.validate(data))
const flow = (overrides: Record<string, unknown> = {}) => ({ name: 'Mensal', ...overrides })

test.group('Compliance validators: flows (D1, D3, D4)', () => {
  test('flow name 1..255, description up to 5000, up to 50 steps', async ({ assert }) => {
    assert.deepEqual(await create(flow()), [])
    assert.deepEqual(await create(flow({ name: '' })), ['name'])
    assert.deepEqual(await create(flow({ name: '  ' })), ['name'])
    assert.deepEqual(await create(flow({ name: a(255) })), [])
    assert.deepEqual(await create(flow({ name: a(256) })), ['name'])
    assert.deepEqual(await create(flow({ description: a(5000) })), [])
    assert.deepEqual(await create(flow({ description: a(5001) })), ['description'])
    assert.deepEqual(await create(flow({ description: null })), [])
    assert.deepEqual(await create(flow({ steps: Array.from({ length: 50 }, () => step()) })), [])
    assert.deepEqual(await create(flow({ steps: Array.from({ length: 51 }, () => step()) })), [
      'steps',
    ])
  })

  test('step title 1..255, order >= 0, types and schedule ranges', async ({ assert }) => {
    const one = async (overrides: Record<string, unknown>) =>
      create(flow({ steps: [step(overrides)] }))
    for (const [overrides, field] of [
      [{ title: '' }, 'steps.0.title'],
      [{ title: a(256) }, 'steps.0.title'],
      [{ order: -1 }, 'steps.0.order'],
      [{ order: 1.5 }, 'steps.0.order'],
      [{ stepType: 'video' }, 'steps.0.stepType'],
      [{ schedule: { frequency: 'daily', dayStart: 1, dayEnd: 31 } }, 'steps.0.schedule.frequency'],
      [
        { schedule: { frequency: 'monthly', dayStart: 0, dayEnd: 31 } },
        'steps.0.schedule.dayStart',
      ],
      [
        { schedule: { frequency: 'monthly', dayStart: 32, dayEnd: 31 } },
        'steps.0.schedule.dayStart',
      ],
      [{ schedule: { frequency: 'monthly', dayStart: 1, dayEnd: 0 } }, 'steps.0.schedule.dayEnd'],
      [{ schedule: { frequency: 'monthly', dayStart: 1, dayEnd: 32 } }, 'steps.0.schedule.dayEnd'],
      [
        { schedule: { frequency: 'custom', dayStart: 1, dayEnd: 31, monthStart: 0 } },
        'steps.0.schedule.monthStart',
      ],
      [
        { schedule: { frequency: 'custom', dayStart: 1, dayEnd: 31, monthStart: 13 } },
        'steps.0.schedule.monthStart',
      ],
      [
        { schedule: { frequency: 'custom', dayStart: 1, dayEnd: 31, monthEnd: 0 } },
        'steps.0.schedule.monthEnd',
      ],
      [
        { schedule: { frequency: 'custom', dayStart: 1, dayEnd: 31, monthEnd: 13 } },
        'steps.0.schedule.monthEnd',
      ],
      [{ platformDataTypes: ['hours', 'hours'] }, 'steps.0.platformDataTypes'],
      [{ platformDataTypes: ['salary'] }, 'steps.0.platformDataTypes.0'],
    ] as const) {
      assert.deepEqual(await one(overrides), [field], JSON.stringify(overrides))
    }
    for (const overrides of [
      { title: 'a', order: 0 },
      { title: a(255) },
      { stepType: 'platformData', platformDataTypes: ['hours', 'activeContracts'] },
      { schedule: { frequency: 'custom', dayStart: 1, dayEnd: 31, monthStart: 1, monthEnd: 12 } },
      { schedule: { frequency: 'quarterly', dayStart: 31, dayEnd: 1, monthStart: null } },
      { schedule: { frequency: 'weekly', dayStart: 1, dayEnd: 7 } },
      { schedule: { frequency: 'biweekly', dayStart: 1, dayEnd: 15 } },
    ]) {
      assert.deepEqual(await one(overrides), [], JSON.stringify(overrides))
    }
  })

  test('documents: up to 50, name 1..255, description up to 2000, formats', async ({ assert }) => {
    const documents = async (list: unknown[]) =>
      create(flow({ steps: [step({ documents: list })] }))
    const doc = (overrides: Record<string, unknown> = {}) => ({ name: 'NF', ...overrides })
    assert.deepEqual(await documents(Array.from({ length: 50 }, () => doc())), [])
    assert.deepEqual(await documents(Array.from({ length: 51 }, () => doc())), [
      'steps.0.documents',
    ])
    assert.deepEqual(await documents([doc({ name: '' })]), ['steps.0.documents.0.name'])
    assert.deepEqual(await documents([doc({ name: a(255) })]), [])
    assert.deepEqual(await documents([doc({ name: a(256) })]), ['steps.0.documents.0.name'])
    assert.deepEqual(await documents([doc({ description: a(2000) })]), [])
    assert.deepEqual(await documents([doc({ description: a(2001) })]), [
      'steps.0.documents.0.description',
    ])
    assert.deepEqual(await documents([doc({ formats: [] })]), ['steps.0.documents.0.formats'])
    assert.deepEqual(await documents([doc({ formats: ['.pdf', 'pdf'] })]), [])
    assert.deepEqual(await documents([doc({ formats: ['.pdf', '.pdf'] })]), [
      'steps.0.documents.0.formats',
    ])
    assert.deepEqual(await documents([doc({ formats: ['.exe'] })]), [
      'steps.0.documents.0.formats.0',
    ])
    /** D3: the service generates ids; a draft id sent by the client is dropped, not refused */
    assert.deepEqual(await documents([doc({ id: 'x' })]), [])

    /** `pdf` and ` .PNG ` are stored as `.pdf` and `.png` */
    const [valid] = (
      await createComplianceFlowValidator.validate(
        flow({ steps: [step({ documents: [doc({ formats: ['pdf', ' .PNG ', 'docx'] })] })] })
      )
    ).steps!
    assert.deepEqual(valid.documents![0].formats, ['.pdf', '.png', '.docx'])
  })

  test('validators: up to 50, each a user id', async ({ assert }) => {
    const validators = async (list: unknown[]) =>
      create(flow({ steps: [step({ validators: list })] }))
    const many = (count: number) => Array.from({ length: count }, (_, n) => ({ userId: uuid(n) }))
    assert.deepEqual(await validators(many(50)), [])
    assert.deepEqual(await validators(many(51)), ['steps.0.validators'])
    assert.deepEqual(await validators([{ userId: 'x' }]), ['steps.0.validators.0.userId'])
  })

  test('D4: {id, order} only reorders; anything else is a full step', async ({ assert }) => {
    const update = (data: object) => refused(updateComplianceFlowValidator.validate(data))
    assert.deepEqual(await update({}), [])
    assert.deepEqual(await update({ name: '' }), ['name'])
    assert.deepEqual(await update({ name: a(256) }), ['name'])
    assert.deepEqual(await update({ description: a(5001) }), ['description'])
    for (const status of ['draft', 'active', 'archived']) {
      assert.deepEqual(await update({ status }), [])
    }
    assert.deepEqual(await update({ status: 'deleted' }), ['status'])
    assert.deepEqual(await update({ steps: [{ id: UUID, order: 2 }] }), [])
    assert.deepEqual(await update({ steps: [{ id: UUID }] }), [])
    assert.deepEqual(await update({ steps: [{ id: UUID, order: -1 }] }), ['steps.0.order'])
    assert.deepEqual(await update({ steps: [{ id: 'x', order: 1 }] }), ['steps.0.id'])
    /** An order without an id, or an id with a title, must be a whole step */
    assert.includeMembers(await update({ steps: [{ order: 1 }] }), ['steps.0.title'])
    assert.includeMembers(await update({ steps: [{ id: UUID, title: 'New' }] }), [
      'steps.0.stepType',
      'steps.0.schedule',
    ])
    assert.deepEqual(await update({ steps: [step({ id: UUID })] }), [])
    assert.deepEqual(await update({ steps: [step()] }), [])
    assert.deepEqual(await update({ steps: Array.from({ length: 51 }, () => step()) }), ['steps'])

    const [kept] = (
      await updateComplianceFlowValidator.validate({ steps: [{ id: UUID, order: 3 }] })
    ).steps!
    assert.deepEqual(kept, { id: UUID, order: 3 })
  })

  test('D1 filters: search up to 255, status or all, perPage 1..100', async ({ assert }) => {
    const list = (qs: object) => refused(listComplianceFlowsValidator.validate(qs))
    for (const [qs, ok] of [
      [{ search: a(255) }, true],
      [{ search: a(256) }, false],
      [{ status: 'all' }, true],
      [{ status: 'archived' }, true],
      [{ status: 'deleted' }, false],
      [{ page: 0 }, false],
      [{ page: 1 }, true],
      [{ perPage: 0 }, false],
      [{ perPage: 1 }, true],
      [{ perPage: 100 }, true],
      [{ perPage: 101 }, false],
      [{ perPage: 1.5 }, false],
    ] as const) {
      assert.deepEqual(await list(qs), ok ? [] : Object.keys(qs), JSON.stringify(qs))
    }
    const available = (qs: object) => refused(availableProvidersValidator.validate(qs))
    assert.deepEqual(await available({ search: a(255) }), [])
    assert.deepEqual(await available({ search: a(256) }), ['search'])
  })

  test('D6, D9, E11, E12: list sizes on both sides', async ({ assert }) => {
    const ids = (count: number) => Array.from({ length: count }, (_, n) => uuid(n))
    const attach = (providerIds: unknown) =>
      refused(attachProvidersValidator.validate({ providerIds }))
    assert.deepEqual(await attach([]), ['providerIds'])
    assert.deepEqual(await attach(ids(1)), [])
    assert.deepEqual(await attach(ids(500)), [])
    assert.deepEqual(await attach(ids(501)), ['providerIds'])
    assert.deepEqual(await attach([UUID, UUID]), ['providerIds'])
    assert.deepEqual(await attach(['x']), ['providerIds.0'])

    const pair = { providerId: UUID, complianceFlowId: UUID }
    const attachments = (count: number) =>
      refused(
        attachmentsValidator.validate({ attachments: Array.from({ length: count }, () => pair) })
      )
    assert.deepEqual(await attachments(0), ['attachments'])
    assert.deepEqual(await attachments(1), [])
    assert.deepEqual(await attachments(1000), [])
    assert.deepEqual(await attachments(1001), ['attachments'])
    assert.deepEqual(
      await refused(
        attachmentsValidator.validate({
          attachments: [{ providerId: 'x', complianceFlowId: UUID }],
        })
      ),
      ['attachments.0.providerId']
    )

    const leaderships = (steps: number, leaders: number) =>
      Array.from({ length: steps }, (_, n) => ({
        stepId: uuid(n),
        immediateLeadershipIds: ids(leaders),
      }))
    const e12 = (stepLeaderships: unknown) =>
      refused(updateStepLeadershipsValidator.validate({ stepLeaderships }))
    assert.deepEqual(await e12([]), [])
    assert.deepEqual(await e12(leaderships(50, 20)), [])
    assert.deepEqual(await e12(leaderships(51, 0)), ['stepLeaderships'])
    assert.deepEqual(await e12(leaderships(1, 21)), ['stepLeaderships.0.immediateLeadershipIds'])
    assert.deepEqual(await e12([{ stepId: UUID, immediateLeadershipIds: [UUID, UUID] }]), [
      'stepLeaderships.0.immediateLeadershipIds',
    ])
    assert.deepEqual(await e12(undefined), ['stepLeaderships'])

    const e11 = (data: object) => refused(attachFlowToProviderValidator.validate(data))
    assert.deepEqual(await e11({ complianceFlowId: UUID }), [])
    assert.deepEqual(await e11({ complianceFlowId: 'x' }), ['complianceFlowId'])
    assert.deepEqual(await e11({ complianceFlowId: UUID, stepLeaderships: leaderships(51, 0) }), [
      'stepLeaderships',
    ])
  })
})

test.group('Compliance validators: provider side and review (C1, E7, E8)', () => {
  test('C1 and E7 filters: year 2000..2100, month 1..12, status or all, search', async ({
    assert,
  }) => {
    const c1 = (qs: object) => refused(listProviderCompliancesValidator.validate(qs))
    const e7 = (qs: object) => refused(listTeamCompliancesValidator.validate(qs))
    for (const list of [c1, e7]) {
      for (const [qs, ok] of [
        [{ year: 1999 }, false],
        [{ year: 2000 }, true],
        [{ year: 2100 }, true],
        [{ year: 2101 }, false],
        [{ year: 2026.5 }, false],
        [{ status: 'all' }, true],
        [{ status: 'sent' }, true],
        [{ status: 'submitted' }, false],
      ] as const) {
        assert.deepEqual(await list(qs), ok ? [] : Object.keys(qs), JSON.stringify(qs))
      }
    }
    for (const [qs, ok] of [
      [{ month: 0 }, false],
      [{ month: 1 }, true],
      [{ month: 12 }, true],
      [{ month: 13 }, false],
      [{ search: a(255) }, true],
      [{ search: a(256) }, false],
    ] as const) {
      assert.deepEqual(await c1(qs), ok ? [] : Object.keys(qs), JSON.stringify(qs))
    }
  })

  test('grant: one or more distinct known data types', async ({ assert }) => {
    const grant = (dataTypes: unknown) =>
      refused(grantPlatformDataValidator.validate({ dataTypes }))
    assert.deepEqual(await grant(['hours']), [])
    assert.deepEqual(await grant(['hours', 'activeContracts']), [])
    assert.deepEqual(await grant([]), ['dataTypes'])
    assert.deepEqual(await grant(['hours', 'hours']), ['dataTypes'])
    assert.deepEqual(await grant(['salary']), ['dataTypes.0'])
  })

  test('E8: a rejection needs a reason of 1..2000 characters', async ({ assert }) => {
    const review = (body: object) => refused(reviewStepValidator.validate(body))
    assert.deepEqual(await review({ action: 'approve' }), [])
    assert.deepEqual(await review({ action: 'approve', documentId: UUID }), [])
    assert.deepEqual(await review({ action: 'approve', documentId: 'x' }), ['documentId'])
    assert.deepEqual(await review({ action: 'maybe' }), ['action'])
    assert.deepEqual(await review({ action: 'reject' }), ['rejectionReason'])
    assert.deepEqual(await review({ action: 'reject', rejectionReason: ' ' }), ['rejectionReason'])
    assert.deepEqual(await review({ action: 'reject', rejectionReason: 'a' }), [])
    assert.deepEqual(await review({ action: 'reject', rejectionReason: a(2000) }), [])
    assert.deepEqual(await review({ action: 'reject', rejectionReason: a(2001) }), [
      'rejectionReason',
    ])
  })

  test('complianceStatusOf and the open step statuses', ({ assert }) => {
    const of = (...statuses: any[]) => complianceStatusOf(statuses.map((status) => ({ status })))
    assert.equal(of(), 'pending')
    assert.equal(of('approved'), 'approved')
    assert.equal(of('approved', 'approved'), 'approved')
    assert.equal(of('approved', 'submitted'), 'sent')
    assert.equal(of('submitted'), 'sent')
    assert.equal(of('approved', 'rejected'), 'rejected')
    assert.equal(of('submitted', 'rejected'), 'rejected')
    assert.equal(of('approved', 'pending'), 'pending')
    assert.equal(of('submitted', 'in_progress'), 'pending')
    assert.equal(of('submitted', 'blocked'), 'pending')
    assert.deepEqual([...OPEN_STEP_STATUSES], ['pending', 'in_progress', 'rejected'])
    assert.equal(pgArray([UUID, uuid(1)]), `{${UUID},${uuid(1)}}`)
    assert.equal(pgArray([]), '{}')
  })
})

test.group('Compliance validators: text is trimmed before its limits (mutation survivors)', () => {
  test('flow and step texts, and every search filter, are stored trimmed', async ({ assert }) => {
    const padded = (text: string) => `  ${text}  `
    const created = await createComplianceFlowValidator.validate({
      name: 'Mensal',
      description: padded('Todo mês'),
      steps: [
        step({
          title: padded('Documentos'),
          documents: [{ name: padded('Nota fiscal'), description: padded('PDF da nota') }],
        }),
      ],
    })
    assert.equal(created.description, 'Todo mês')
    assert.equal(created.steps![0].title, 'Documentos')
    assert.equal(created.steps![0].documents![0].name, 'Nota fiscal')
    assert.equal(created.steps![0].documents![0].description, 'PDF da nota')

    const updated = await updateComplianceFlowValidator.validate({
      name: padded('Mensal'),
      description: padded('Todo mês'),
    })
    assert.equal(updated.name, 'Mensal')
    assert.equal(updated.description, 'Todo mês')

    const long = a(255)
    for (const validator of [
      listComplianceFlowsValidator,
      availableProvidersValidator,
      listProviderCompliancesValidator,
    ]) {
      const { search } = await validator.validate({ search: padded(long) })
      assert.equal(search, long)
    }
  })
})
