import { DateTime } from 'luxon'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import ContractPart from '#models/contract_part'
import RetroactiveRequest from '#models/retroactive_request'
import IntegrationConnection from '#models/integration_connection'
import IntegrationRecord from '#models/integration_record'
import { withCnpjCheckDigits } from '#support/documents'
import type { DemoAccounts } from '#database/seeders/demo/accounts'
import type { DemoContracts } from '#database/seeders/demo/contracts_core'

export const HOURS_DEMO_IDS = {
  retroactiveRequest: '0b7e3c4a-1d2e-4f50-8a6b-7c8d9e0f1c01',
  connection: '0b7e3c4a-1d2e-4f50-8a6b-7c8d9e0f1c02',
}

/** A CNPJ no demo contract carries: the integration's orphan record */
const ORPHAN_CNPJ = withCnpjCheckDigits('998877660001')

/**
 * Weekdays of the last four weeks (up to yesterday, Acme's timezone) for
 * one link: 8 hours a day in two tasks. Set-based; existing days are kept.
 */
async function seedWeeks(
  part: ContractPart,
  userId: string,
  today: DateTime,
  trx: TransactionClientContract
) {
  const contract = await part.related('contract').query().firstOrFail()
  await trx.rawQuery(
    `WITH days AS (
       SELECT d::date AS day FROM generate_series(?::date, ?::date, interval '1 day') AS d
       WHERE extract(isodow FROM d) < 6
     ),
     inserted AS (
       INSERT INTO work_entries (id, company_id, contract_part_id, user_id, date, total_minutes,
                                 created_at, updated_at)
       SELECT gen_random_uuid(), ?, ?, ?, day, 480, now(), now() FROM days
       ON CONFLICT (contract_part_id, date) DO NOTHING
       RETURNING id
     )
     INSERT INTO work_entry_tasks (id, work_entry_id, description, duration_minutes, position, created_at)
     SELECT gen_random_uuid(), inserted.id, t.description, t.minutes, t.position, now()
     FROM inserted CROSS JOIN (VALUES ('Desenvolvimento', 360, 0), ('Reuniões de acompanhamento', 120, 1))
          AS t(description, minutes, position)`,
    [
      today.minus({ weeks: 4 }).toISODate()!,
      today.minus({ days: 1 }).toISODate()!,
      contract.companyId,
      part.id,
      userId,
    ]
  )
}

/**
 * Hours demo data (idempotent): four weeks of entries for Beta's and
 * Ana's contracts, one pending retroactive request of Ana, and one
 * integration connection of Acme with a record without contract.
 */
export async function seedHours(
  accounts: DemoAccounts,
  contracts: DemoContracts,
  trx: TransactionClientContract
) {
  const today = DateTime.now().setZone(accounts.acme.timezone).startOf('day')
  const providerPart = (contractId: string) =>
    ContractPart.query({ client: trx })
      .where({ contract_id: contractId, role: 'PROVIDER' })
      .firstOrFail()
  const betaPart = await providerPart(contracts.betaContract.id)
  const anaPart = await providerPart(contracts.anaContract.id)
  const ana = accounts.users['ana@provider.test']

  await seedWeeks(betaPart, accounts.users['beta@beta.test'].id, today, trx)
  await seedWeeks(anaPart, ana.id, today, trx)

  await RetroactiveRequest.firstOrCreate(
    { id: HOURS_DEMO_IDS.retroactiveRequest },
    {
      id: HOURS_DEMO_IDS.retroactiveRequest,
      companyId: accounts.acme.id,
      contractPartId: anaPart.id,
      userId: ana.id,
      date: today.minus({ weeks: 6 }).set({ weekday: 6 }),
      reason: 'Plantão de sábado não registrado',
      tasks: [{ description: 'Plantão de suporte', durationMinutes: 240 }],
      totalMinutes: 240,
      status: 'pending',
    },
    { client: trx }
  )

  await IntegrationConnection.firstOrCreate(
    { id: HOURS_DEMO_IDS.connection },
    {
      id: HOURS_DEMO_IDS.connection,
      companyId: accounts.acme.id,
      provider: 'erp-x',
      status: 'active',
    },
    { client: trx }
  )
  await IntegrationRecord.firstOrCreate(
    { connectionId: HOURS_DEMO_IDS.connection, externalId: 'erp-x-0001' },
    {
      connectionId: HOURS_DEMO_IDS.connection,
      externalId: 'erp-x-0001',
      document: ORPHAN_CNPJ,
      syncedAt: DateTime.now(),
    },
    { client: trx }
  )
}
