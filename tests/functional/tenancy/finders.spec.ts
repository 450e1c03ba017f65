import { randomUUID } from 'node:crypto'
import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import type { ApiClient } from '@japa/api-client'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Contract from '#models/contract'
import ProviderCompliance from '#models/provider_compliance'
import StepCompliance from '#models/step_compliance'
import { NotFoundException } from '#exceptions/http_exceptions'
import { activeContract, attachedWorld, documentsStep } from '#tests/support/compliance'
import { companyWithOwner, memberOf } from '#tests/support/tenancy'
import { CompanyFactory } from '#database/factories/company_factory'
import { lockFromAnotherConnection } from '#tests/support/row_locks'

/** The finders moved to the models; the names the mutation record uses stay */
const findCompliance: typeof ProviderCompliance.findOwned = (...args) =>
  ProviderCompliance.findOwned(...args)
const findStep: typeof StepCompliance.findOf = (...args) => StepCompliance.findOf(...args)

/**
 * The tenant finders the write actions call with their transaction: the
 * row comes back locked (SELECT ... FOR UPDATE), so two concurrent
 * changes of one record run one after the other. PostgreSQL writes the
 * locking (sub)transaction into the row's `xmax`: a finder that locks
 * changes it, a plain read leaves it as it was (foreign-key checks of the
 * fixtures may already have set it). And a record of another company, or
 * deleted, is the 404 the API promises, with its message.
 */
async function xmaxOf(client: Pick<TransactionClientContract, 'from'>, table: string, id: string) {
  const row = await client.from(table).where('id', id).select(db.raw('xmax::text as xmax')).first()
  return row.xmax as string
}

/** Whether `find` locks the row: its xmax before and after, in one transaction */
async function locks(
  table: string,
  id: string,
  find: (trx?: TransactionClientContract) => Promise<unknown>,
  withTrx: boolean
) {
  return db.transaction(async (trx) => {
    const before = await xmaxOf(trx, table, id)
    await find(withTrx ? trx : undefined)
    return (await xmaxOf(trx, table, id)) !== before
  })
}

async function notFound(promise: Promise<unknown>) {
  try {
    await promise
  } catch (error) {
    if (error instanceof NotFoundException) return error.message
    throw error
  }
  throw new Error('expected a 404')
}

test.group('Tenant finders: locks and 404s', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('Contract.findOwned locks the row in the caller transaction, not without one', async ({
    assert,
  }) => {
    const { company } = await companyWithOwner()
    const provider = await memberOf(company, 'provider')
    const contract = await activeContract(company, { userId: provider.id })

    const find = (trx?: TransactionClientContract) =>
      Contract.findOwned(company.id, contract.id, trx)
    assert.equal((await find()).id, contract.id)
    assert.isFalse(await locks('contracts', contract.id, find, false))
    assert.isTrue(await locks('contracts', contract.id, find, true))
  })

  test('Contract.findOwned: another company or a deleted contract is 404 "Contract not found"', async ({
    assert,
  }) => {
    const { company } = await companyWithOwner()
    const { company: other } = await companyWithOwner()
    const provider = await memberOf(company, 'provider')
    const contract = await activeContract(company, { userId: provider.id })

    assert.equal(
      await notFound(Contract.findOwned(other.id, contract.id)),
      'errors.contract_not_found'
    )
    await contract.merge({ deletedAt: contract.createdAt }).save()
    assert.equal(
      await notFound(Contract.findOwned(company.id, contract.id)),
      'errors.contract_not_found'
    )
    assert.isNull(
      await Contract.query()
        .withScopes((s) => s.notDeleted())
        .where('id', contract.id)
        .first()
    )
  })

  test('findCompliance and findStep lock their rows in the caller transaction', async ({
    client,
    assert,
  }) => {
    const world = await attachedWorld(client as ApiClient, [documentsStep()])
    const owner = { companyId: world.borrower.id, providerIds: [world.providerCompany.id] }
    const id = world.companyCompliance.id as string
    const stepId = world.companyCompliance.steps[0].id as string

    const compliance = await findCompliance(owner, id)
    assert.instanceOf(compliance, ProviderCompliance)
    const step = await findStep(compliance, stepId)
    assert.instanceOf(step, StepCompliance)

    const findIt = (trx?: TransactionClientContract) => findCompliance(owner, id, trx)
    assert.isFalse(await locks('provider_compliances', id, findIt, false))
    assert.isTrue(await locks('provider_compliances', id, findIt, true))
    const findItsStep = (trx?: TransactionClientContract) => findStep(compliance, stepId, trx)
    assert.isFalse(await locks('step_compliances', step.id, findItsStep, false))
    assert.isTrue(await locks('step_compliances', step.id, findItsStep, true))
  })

  test('findCompliance of another provider or company is 404 "Compliance not found"', async ({
    client,
    assert,
  }) => {
    const world = await attachedWorld(client as ApiClient, [documentsStep()])
    const id = world.companyCompliance.id as string
    const { company: other } = await companyWithOwner()
    const cases = [
      { companyId: other.id, providerIds: [world.providerCompany.id] },
      { companyId: world.borrower.id, providerIds: [world.person.id] },
    ]
    for (const owner of cases) {
      assert.equal(await notFound(findCompliance(owner, id)), 'errors.compliance_not_found')
    }
    const compliance = await findCompliance(
      { companyId: world.borrower.id, providerIds: [world.providerCompany.id] },
      id
    )
    const personStep = world.personCompliance.steps[0].id as string
    assert.equal(await notFound(findStep(compliance, personStep)), 'errors.step_not_found')
  })
})

/**
 * Outside the rolled-back global transaction (this group commits its rows
 * and deletes them): every test query otherwise shares one connection, so
 * which client a finder names could not be seen. Here a second connection
 * tries the row with NOWAIT while the caller's transaction is open.
 */
test.group('Tenant finders: the lock belongs to the caller transaction', () => {
  test('Contract.findOwned(…, trx) keeps the row locked until trx ends', async ({
    assert,
    cleanup,
  }) => {
    const company = await CompanyFactory.create()
    cleanup(() => company.delete())
    const contract = await Contract.create({
      companyId: company.id,
      name: 'Contrato travado',
      status: 'draft',
      progress: 0,
      snapshot: {},
    })
    const tryLock = lockFromAnotherConnection('contracts', contract.id)

    await db.transaction(async (trx) => {
      await Contract.findOwned(company.id, contract.id, trx)
      await assert.rejects(tryLock, /could not obtain lock/)
    })
    await assert.doesNotReject(tryLock)
  })
})

/** A committed compliance of one step (raw rows: the factories write through the global transaction) */
async function committedCompliance(companyId: string) {
  const now = new Date()
  const insert = async (table: string, row: Record<string, unknown>) =>
    ((await db.table(table).insert(row).returning('id')) as { id: string }[])[0].id
  const flowId = await insert('compliance_flows', {
    company_id: companyId,
    name: 'Fluxo travado',
    status: 'active',
    created_at: now,
    updated_at: now,
  })
  const stepId = await insert('compliance_steps', {
    flow_id: flowId,
    position: 0,
    title: 'Documentos',
    step_type: 'documents',
    frequency: 'monthly',
    day_start: 1,
    day_end: 31,
    created_at: now,
    updated_at: now,
  })
  const providerId = randomUUID()
  const attachmentId = await insert('provider_compliance_flows', {
    company_id: companyId,
    flow_id: flowId,
    provider_id: providerId,
    provider_type: 'NATURAL_PERSON',
    attached_at: now,
  })
  const complianceId = await insert('provider_compliances', {
    company_id: companyId,
    provider_compliance_flow_id: attachmentId,
    flow_id: flowId,
    provider_id: providerId,
    year: 2026,
    month: 11,
  })
  const stepComplianceId = await insert('step_compliances', {
    provider_compliance_id: complianceId,
    step_id: stepId,
    status: 'pending',
  })
  return { owner: { companyId, providerIds: [providerId] }, complianceId, stepComplianceId }
}

test.group('Compliance finders: the lock belongs to the caller transaction', () => {
  test('findCompliance and findStep (…, trx) keep their rows locked until trx ends', async ({
    assert,
    cleanup,
  }) => {
    const company = await CompanyFactory.create()
    cleanup(() => company.delete())
    const { owner, complianceId, stepComplianceId } = await committedCompliance(company.id)
    const compliance = lockFromAnotherConnection('provider_compliances', complianceId)
    const step = lockFromAnotherConnection('step_compliances', stepComplianceId)

    await db.transaction(async (trx) => {
      const found = await findCompliance(owner, complianceId, trx)
      await assert.rejects(compliance, /could not obtain lock/)
      await assert.doesNotReject(step)
      await findStep(found, stepComplianceId, trx)
      await assert.rejects(step, /could not obtain lock/)
    })
    await assert.doesNotReject(compliance)
    await assert.doesNotReject(step)
  })
})

test.group('Tenant finders: prepared statements', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a finder runs as a prepared statement, parsed once; another company still gets 404', async ({
    assert,
  }) => {
    const { company } = await companyWithOwner()
    const other = await CompanyFactory.create()
    const contract = await Contract.create({
      companyId: company.id,
      name: 'Contrato preparado',
      status: 'draft',
      progress: 0,
      snapshot: {},
    })
    const finderStatements = async (trx: TransactionClientContract) => {
      const { rows } = await trx.rawQuery(
        `SELECT generic_plans + custom_plans AS runs FROM pg_prepared_statements
          WHERE NOT from_sql AND statement LIKE 'select * from "contracts" where "contracts"."company_id"%'
            AND statement LIKE '%for update'`
      )
      return rows.map((row: { runs: number }) => Number(row.runs))
    }
    await db.transaction(async (trx) => {
      const before = await finderStatements(trx)
      for (let run = 0; run < 3; run++) {
        const found = await Contract.findOwned(company.id, contract.id, trx)
        assert.equal(found.id, contract.id)
      }
      await assert.rejects(
        () => Contract.findOwned(other.id, contract.id, trx),
        NotFoundException as any
      )
      const after = await finderStatements(trx)
      assert.lengthOf(after, 1, 'one statement, parsed once')
      assert.equal(after[0] - (before[0] ?? 0), 4, 'run four times')
    })
  })
})
