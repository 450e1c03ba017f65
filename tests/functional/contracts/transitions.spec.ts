import { randomUUID } from 'node:crypto'
import { test } from '@japa/runner'
import { FILL_INSTRUCTIONS, SIGN_INSTRUCTIONS } from '#support/contract_rules'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import Contract from '#models/contract'
import ContractHistory from '#models/contract_history'
import Notification from '#models/notification'
import { appUrl } from '#config/app'
import { UserFactory } from '#database/factories/user_factory'
import {
  ContractFactory,
  ContractPartFactory,
  WorkflowFactory,
} from '#database/factories/contract_factory'
import { recordEvents } from '#tests/support/contracts'
import { companyWithOwner, linkProvider, memberOf } from '#tests/support/tenancy'
import type { ContractStatus } from '#enums/contract_status'
import { as } from '#tests/support/http'

/**
 * Every status move tried from EVERY contract status: H9's five commands,
 * cancel and H8 (completing the `parts` step). The expected tables are
 * written out from docs/decisions.md ("H9 mapping", "Cancel", "H8"), never
 * derived from the code's own rule tables, so a widened or narrowed rule
 * fails here. Allowed moves answer 200 with the resulting status and write
 * history; refused ones answer 409 and change nothing.
 */
const STATUSES: ContractStatus[] = [
  'draft',
  'parts',
  'model',
  'documents',
  'in_review',
  'provider',
  'provider_filling',
  'signature',
  'signing',
  'completed',
  'active',
  'finished',
  'overdue',
  'cancelled',
  'archived',
]

/** H9: the statuses each command is allowed from, and where it goes */
const H9_RULES: Record<string, { from: ContractStatus[]; to: ContractStatus }> = {
  DRAFT: { from: ['in_review'], to: 'draft' },
  IN_REVIEW: { from: ['draft', 'parts', 'model', 'documents'], to: 'in_review' },
  /** The fixture has an upload document: the parts fill first (`provider`) */
  PUBLISHED: { from: ['draft', 'parts', 'model', 'documents', 'in_review'], to: 'provider' },
  ARCHIVED: {
    from: STATUSES.filter((status) => !['signing', 'active', 'archived'].includes(status)),
    to: 'archived',
  },
  DONE: { from: ['completed', 'active'], to: 'finished' },
}

const H9_CASES = Object.entries(H9_RULES).flatMap(([command, rule]) =>
  STATUSES.map((from) => ({
    command,
    from,
    to: rule.from.includes(from) ? rule.to : null,
    outcome: rule.from.includes(from) ? `-> ${rule.to}` : 'refused (409)',
  }))
)

/** Cancel: anything but finished / cancelled / archived */
const CANCEL_CASES = STATUSES.map((from) => {
  const allowed = !['finished', 'cancelled', 'archived'].includes(from)
  return { from, to: allowed ? 'cancelled' : null, outcome: allowed ? 'allowed' : 'refused (409)' }
})

/**
 * H8 (the `parts` step): open steps up to `signature`; an authoring
 * contract (draft / parts / model / documents) moves to `model`, later
 * ones keep their status.
 */
const STEP_CASES = STATUSES.map((from) => {
  const authoring = ['draft', 'parts', 'model', 'documents'].includes(from)
  const open =
    authoring || ['in_review', 'provider', 'provider_filling', 'signature'].includes(from)
  const to: ContractStatus | null = authoring ? 'model' : open ? from : null
  return { from, to, outcome: to ? `-> ${to}` : 'refused (409)' }
})

/**
 * A contract in `status` that has everything every command needs: a
 * BORROWER and a PROVIDER part, a reviewer, an upload document, a
 * workflow with a 7-day deadline, current step `parts`.
 */
async function contractIn(
  status: ContractStatus,
  options: {
    uploads?: boolean
    variableSource?: string
    deadlineDays?: number | null
    workflow?: boolean
    currentStep?: { key: string; index: number } | null
    provider?: boolean
  } = {}
) {
  const { company, owner } = await companyWithOwner()
  const workflow =
    options.workflow === false
      ? null
      : await WorkflowFactory.merge({
          companyId: company.id,
          deadlineDays: options.deadlineDays === undefined ? 7 : options.deadlineDays,
        }).create()
  const provider = await UserFactory.create()
  await linkProvider(company, provider)
  const reviewer = await memberOf(company, 'user')
  const contract = await ContractFactory.merge({
    companyId: company.id,
    workflowId: workflow?.id ?? null,
    status,
    createdBy: owner.id,
    currentStep:
      options.currentStep === undefined ? { key: 'parts', index: 0 } : options.currentStep,
    snapshot: {
      steps: [
        { key: 'parts', progress: 0 },
        { key: 'model', progress: 0 },
      ],
    },
  }).create()
  await ContractPartFactory.merge({
    contractId: contract.id,
    companyId: company.id,
    role: 'BORROWER',
  }).create()
  if (options.provider !== false) {
    await ContractPartFactory.merge({
      contractId: contract.id,
      userId: provider.id,
      role: 'PROVIDER',
    }).create()
  }
  await db.table('contract_reviewers').insert({
    id: randomUUID(),
    contract_id: contract.id,
    user_id: reviewer.id,
  })
  /** A download-only document never makes the parts fill first */
  const documents = [{ name: 'Manual', is_download: true, position: 0 }]
  if (options.uploads !== false) {
    documents.push({ name: 'Contrato social', is_download: false, position: 1 })
  }
  const documentIds: string[] = []
  for (const document of documents) {
    const id = randomUUID()
    documentIds.push(id)
    await db.table('contract_document_requirements').insert({
      id,
      contract_id: contract.id,
      accepted_formats: JSON.stringify(['pdf']),
      max_file_size: 1024 * 1024,
      ...document,
    })
  }
  if (options.variableSource) {
    await db.table('contract_variable_values').insert({
      id: randomUUID(),
      contract_id: contract.id,
      name: 'providerAddress',
      source: options.variableSource,
    })
  }
  return { company, owner, provider, reviewer, contract, documentIds }
}

const statusChanges = (contractId: string) =>
  ContractHistory.query().where('contract_id', contractId).where('type', 'STATUS_CHANGED')

const notified = async (type: string, contractId: string) =>
  (
    await Notification.query()
      .where('type', type)
      .whereRaw(`activity->>'entityId' = ?`, [contractId])
  ).map((row) => row.userId)

test.group('Contracts / every transition from every status', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('H9 {command} from {from}: {outcome}')
    .with(H9_CASES)
    .run(async ({ client, assert }, { command, from, to }) => {
      const { company, owner, provider, reviewer, contract } = await contractIn(from)
      const response = await as(client, owner, company)
        .patch(`/contracts/${contract.id}/status`)
        .json({ status: command })
      const stored = await Contract.findOrFail(contract.id)
      const history = await statusChanges(contract.id)

      if (!to) {
        response.assertStatus(409)
        assert.isString(response.body().message)
        assert.equal(stored.status, from)
        assert.isNull(stored.publishedAt)
        assert.lengthOf(history, 0)
        return
      }
      response.assertStatus(200)
      response.assertBody({ data: { id: contract.id, status: to } })
      assert.equal(stored.status, to)
      assert.lengthOf(history, 1)
      assert.deepEqual(history[0].payload, { from, to, command })
      if (command === 'IN_REVIEW') {
        assert.deepEqual(await notified('review_requested', contract.id), [reviewer.id])
      }
      if (command === 'PUBLISHED') {
        assert.isNotNull(stored.publishedAt)
        const days = stored.deadlineAt!.diff(DateTime.now(), 'days').days
        assert.closeTo(days, 7, 0.01, 'deadline = now + workflow deadlineDays')
        assert.include(await notified('contract_published', contract.id), provider.id)
      } else {
        assert.isNull(stored.publishedAt)
      }
    })

  test('cancel from {from}: {outcome}')
    .with(CANCEL_CASES)
    .run(async ({ client, assert }, { from, to }) => {
      const { company, owner, contract } = await contractIn(from)
      const response = await as(client, owner, company)
        .patch(`/contracts/${contract.id}/cancel`)
        .json({ reason: 'Desistência' })
      const stored = await Contract.findOrFail(contract.id)
      const history = await statusChanges(contract.id)

      if (!to) {
        response.assertStatus(409)
        assert.equal(stored.status, from)
        assert.lengthOf(history, 0)
        assert.lengthOf(await notified('contract_cancelled', contract.id), 0)
        return
      }
      response.assertStatus(200)
      response.assertBody({ data: { id: contract.id, status: 'cancelled' } })
      assert.equal(stored.status, 'cancelled')
      assert.deepEqual(
        history.map((row) => row.payload),
        [{ from, to: 'cancelled', reason: 'Desistência' }]
      )
      assert.include(await notified('contract_cancelled', contract.id), owner.id)
    })

  test('H8 complete the parts step from {from}: {outcome}')
    .with(STEP_CASES)
    .run(async ({ client, assert }, { from, to }) => {
      const { company, owner, contract } = await contractIn(from)
      const response = await as(client, owner, company).patch(
        `/contracts/${contract.id}/steps/parts/complete`
      )
      const stored = await Contract.findOrFail(contract.id)
      const history = await ContractHistory.query()
        .where('contract_id', contract.id)
        .where('type', 'STEP_COMPLETED')

      if (!to) {
        response.assertStatus(409)
        assert.equal(stored.status, from)
        assert.deepEqual(stored.currentStep, { key: 'parts', index: 0 })
        assert.lengthOf(history, 0)
        return
      }
      response.assertStatus(200)
      response.assertBody({ data: { success: true, stepKey: 'parts' } })
      assert.equal(stored.status, to)
      assert.deepEqual(stored.currentStep, { key: 'model', index: 1 })
      assert.equal(stored.progress, 50)
      assert.deepEqual(
        history.map((row) => row.payload),
        [{ stepKey: 'parts', from, to }]
      )
    })
})

/** The e-mail instructions of docs (pt-BR product content), written out */
/** The instructions travel as catalogue keys; each e-mail renders them in its recipient's language */
const FILL = FILL_INSTRUCTIONS
const SIGN = SIGN_INSTRUCTIONS

test.group('Contracts / what each H9 move emits and requires', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('IN_REVIEW then DRAFT: review_requested to the reviewers', async ({
    client,
    assert,
    cleanup,
  }) => {
    const { company, owner, reviewer, contract } = await contractIn('draft')
    const api = as(client, owner, company)
    const events = recordEvents()
    cleanup(() => events.stop())
    ;(
      await api.patch(`/contracts/${contract.id}/status`).json({ status: 'IN_REVIEW' })
    ).assertStatus(200)
    ;(await api.patch(`/contracts/${contract.id}/status`).json({ status: 'DRAFT' })).assertStatus(
      200
    )
    events.assertEmitted(
      'contract:review_requested',
      ({ data }) =>
        data.type === 'review_requested' &&
        data.scope === 'action' &&
        data.actionRoute === `/contracts/${contract.id}/review` &&
        data.link === `${appUrl}/contracts/${contract.id}/review` &&
        data.itemId === null &&
        data.comment === null &&
        data.reminder === false &&
        data.recipients.map((recipient) => recipient.userId).join() === reviewer.id
    )
    assert.lengthOf(await notified('review_requested', contract.id), 1, 'once: not on DRAFT')
  })

  test('PUBLISHED with an upload document: mode fill, /fill, the pending documents', async ({
    client,
    assert,
    cleanup,
  }) => {
    const { company, owner, provider, contract, documentIds } = await contractIn('documents')
    const events = recordEvents()
    cleanup(() => events.stop())
    const response = await as(client, owner, company)
      .patch(`/contracts/${contract.id}/status`)
      .json({ status: 'PUBLISHED' })
    response.assertBody({ data: { id: contract.id, status: 'provider' } })
    events.assertEmitted(
      'contract:published',
      ({ data }) =>
        data.type === 'contract_published' &&
        data.scope === 'contract' &&
        data.mode === 'fill' &&
        data.actionRoute === `/contracts/${contract.id}/fill` &&
        JSON.stringify(data.pendingDocuments) ===
          JSON.stringify([{ id: documentIds[1], name: 'Contrato social' }]) &&
        data.instructions === FILL &&
        data.recipients.some((recipient) => recipient.userId === provider.id)
    )
    assert.include(await notified('contract_published', contract.id), provider.id)
  })

  test('PUBLISHED: provider-filled variables fill first; borrower ones and downloads do not', async ({
    client,
    assert,
    cleanup,
  }) => {
    const filling = await contractIn('draft', { uploads: false, variableSource: 'provider' })
    const signing = await contractIn('draft', { uploads: false, variableSource: 'borrower' })
    const events = recordEvents()
    cleanup(() => events.stop())
    const publish = (world: typeof filling) =>
      as(client, world.owner, world.company)
        .patch(`/contracts/${world.contract.id}/status`)
        .json({ status: 'PUBLISHED' })
    ;(await publish(filling)).assertBody({
      data: { id: filling.contract.id, status: 'provider' },
    })
    ;(await publish(signing)).assertBody({
      data: { id: signing.contract.id, status: 'signature' },
    })
    events.assertEmitted(
      'contract:published',
      ({ data }) =>
        data.contract.id === signing.contract.id &&
        data.mode === 'sign' &&
        data.actionRoute === `/contracts/${signing.contract.id}/sign` &&
        data.pendingDocuments.length === 0 &&
        data.instructions === SIGN
    )
    events.assertEmitted(
      'contract:published',
      ({ data }) =>
        data.contract.id === filling.contract.id &&
        data.mode === 'fill' &&
        data.pendingDocuments.length === 0 &&
        data.instructions === FILL
    )
    assert.equal((await Contract.findOrFail(signing.contract.id)).status, 'signature')
  })

  test('PUBLISHED deadline: none without a workflow or without deadlineDays', async ({
    client,
    assert,
  }) => {
    const noWorkflow = await contractIn('draft', { workflow: false })
    const noDays = await contractIn('draft', { deadlineDays: null })
    for (const world of [noWorkflow, noDays]) {
      const api = as(client, world.owner, world.company)
      const response = await api
        .patch(`/contracts/${world.contract.id}/status`)
        .json({ status: 'PUBLISHED' })
      response.assertBody({ data: { id: world.contract.id, status: 'provider' } })
      const stored = await Contract.findOrFail(world.contract.id)
      assert.isNotNull(stored.publishedAt)
      assert.isNull(stored.deadlineAt)
    }
  })

  test('PUBLISHED checks the parts and the current step; no current step means parts', async ({
    client,
    assert,
  }) => {
    const publish = async (world: Awaited<ReturnType<typeof contractIn>>) =>
      as(client, world.owner, world.company)
        .patch(`/contracts/${world.contract.id}/status`)
        .json({ status: 'PUBLISHED' })

    const noProvider = await contractIn('draft', { provider: false })
    const refused = await publish(noProvider)
    refused.assertStatus(422)
    assert.equal(
      refused.body().message,
      'Dados obrigatórios da etapa parts pendentes: uma parte BORROWER e uma parte PROVIDER'
    )
    const atReview = await contractIn('in_review', { currentStep: { key: 'review', index: 3 } })
    const review = await publish(atReview)
    review.assertStatus(422)
    assert.equal(
      review.body().message,
      'Dados obrigatórios da etapa review pendentes: todos os revisores obrigatórios devem aprovar todos os contratos'
    )
    assert.equal((await Contract.findOrFail(atReview.contract.id)).status, 'in_review')

    const noStep = await contractIn('draft', { currentStep: null })
    ;(await publish(noStep)).assertBody({ data: { id: noStep.contract.id, status: 'provider' } })
    const atDocuments = await contractIn('documents', {
      currentStep: { key: 'documents', index: 2 },
    })
    ;(await publish(atDocuments)).assertStatus(200)
  })

  test('cancel tells everyone involved, with the reason', async ({ client, cleanup }) => {
    const { company, owner, provider, reviewer, contract } = await contractIn('signature')
    const events = recordEvents()
    cleanup(() => events.stop())
    ;(
      await as(client, owner, company)
        .patch(`/contracts/${contract.id}/cancel`)
        .json({ reason: 'Desistência' })
    ).assertStatus(200)
    events.assertEmitted('contract:cancelled', ({ data }) => {
      const ids = data.recipients.map((recipient) => recipient.userId)
      return (
        data.type === 'contract_cancelled' &&
        data.scope === 'contract' &&
        data.reason === 'Desistência' &&
        data.contract.status === 'cancelled' &&
        [owner.id, provider.id, reviewer.id].every((id) => ids.includes(id))
      )
    })
  })
})
