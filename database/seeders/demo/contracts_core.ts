import { DateTime } from 'luxon'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Contract from '#models/contract'
import ContractPart from '#models/contract_part'
import Workflow from '#models/workflow'
import type { DemoAccounts } from '#database/seeders/demo/accounts'

/** Fixed ids, so that every area's demo data can point at them */
export const DEMO_IDS = {
  workflow: '0b7e3c4a-1d2e-4f50-8a6b-7c8d9e0f1a01',
  betaContract: '0b7e3c4a-1d2e-4f50-8a6b-7c8d9e0f1b01',
  anaContract: '0b7e3c4a-1d2e-4f50-8a6b-7c8d9e0f1b02',
}

export interface DemoContracts {
  workflow: Workflow
  betaContract: Contract
  anaContract: Contract
}

async function ensureActiveContract(
  id: string,
  name: string,
  accounts: DemoAccounts,
  provider: { companyId?: string; userId?: string },
  value: string,
  valueCents: number,
  trx: TransactionClientContract
) {
  const existing = await Contract.query({ client: trx }).where('id', id).first()
  if (existing) return existing

  const today = DateTime.now().startOf('day')
  const contract = await Contract.create(
    {
      id,
      companyId: accounts.acme.id,
      workflowId: DEMO_IDS.workflow,
      name,
      status: 'active',
      progress: 100,
      startDate: today.minus({ months: 3 }),
      endDate: today.plus({ months: 9 }),
      currentStep: { key: 'signature', index: 5 },
      snapshot: {},
      createdBy: accounts.users['owner@acme.test'].id,
    },
    { client: trx }
  )
  await ContractPart.createMany(
    [
      { contractId: id, companyId: accounts.acme.id, role: 'BORROWER', isActive: true },
      {
        contractId: id,
        companyId: provider.companyId ?? null,
        userId: provider.userId ?? null,
        role: 'PROVIDER',
        value,
        valueCents,
        contractType: 'MONTHLY',
        monthlyHours: 160,
        isActive: true,
      },
    ],
    { client: trx }
  )
  return contract
}

/**
 * The borrower workflow and the two active contracts every area builds
 * on: Acme <-> Beta (legal entity) and Acme <-> Ana (natural person).
 */
export async function seedContractsCore(
  accounts: DemoAccounts,
  trx: TransactionClientContract
): Promise<DemoContracts> {
  const workflow = await Workflow.firstOrCreate(
    { id: DEMO_IDS.workflow },
    {
      id: DEMO_IDS.workflow,
      companyId: accounts.acme.id,
      name: 'Contratação de prestadores',
      companyRole: 'borrower',
      deadlineDays: 7,
      steps: [],
    },
    { client: trx }
  )
  const betaContract = await ensureActiveContract(
    DEMO_IDS.betaContract,
    'Consultoria Beta 2026',
    accounts,
    { companyId: accounts.beta.id },
    '12.000,00',
    1_200_000,
    trx
  )
  const anaContract = await ensureActiveContract(
    DEMO_IDS.anaContract,
    'Prestação de serviços Ana',
    accounts,
    { userId: accounts.users['ana@provider.test'].id },
    '8.500,00',
    850_000,
    trx
  )
  return { workflow, betaContract, anaContract }
}
