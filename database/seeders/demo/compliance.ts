import { DateTime } from 'luxon'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import GenerateMonthlyCompliances from '#actions/compliance/generate_monthly_compliances'
import ComplianceFlow from '#models/compliance_flow'
import { attachPairs } from '#services/compliance/attachments'
import { activeProviders } from '#services/compliance/providers'
import { writeSteps } from '#services/compliance/step_writer'
import type { DemoAccounts } from '#database/seeders/demo/accounts'
import type { DemoContracts } from '#database/seeders/demo/contracts_core'

export const DEMO_COMPLIANCE_FLOW_ID = '0b7e3c4a-1d2e-4f50-8a6b-7c8d9e0f1c01'

/**
 * An active flow "Compliance mensal" (documents step + dependent step,
 * reviewed by validator@ and analyst@acme.test) attached to Beta and Ana,
 * with the current month generated. Idempotent. Beta and Ana hold the
 * active demo contracts (`_contracts`), which name their attachments.
 */
export async function seedCompliance(
  accounts: DemoAccounts,
  _contracts: DemoContracts,
  trx: TransactionClientContract
) {
  const acme = accounts.acme
  const validators = ['validator@acme.test', 'analyst@acme.test'].map((email) => ({
    userId: accounts.users[email].id,
  }))
  let flow = await ComplianceFlow.find(DEMO_COMPLIANCE_FLOW_ID, { client: trx })
  if (!flow) {
    flow = await ComplianceFlow.create(
      {
        id: DEMO_COMPLIANCE_FLOW_ID,
        companyId: acme.id,
        name: 'Compliance mensal',
        description: 'Documentos fiscais e certidões de cada mês',
        status: 'active',
        providersCount: 0,
      },
      { client: trx }
    )
    await writeSteps(
      acme.id,
      flow.id,
      [
        {
          title: 'Documentos fiscais',
          stepType: 'documents',
          schedule: { frequency: 'monthly', dayStart: 1, dayEnd: 10 },
          documents: [
            { name: 'Nota fiscal', description: 'NF do mês', required: true, formats: ['.pdf'] },
            {
              name: 'Comprovante de pagamento',
              required: false,
              formats: ['.pdf', '.png', '.jpg'],
            },
          ],
          validators,
        },
        {
          title: 'Certidões negativas',
          stepType: 'documents',
          schedule: { frequency: 'monthly', dayStart: 1, dayEnd: 20 },
          documents: [{ name: 'CND federal', required: true, formats: ['.pdf'] }],
          validators,
          dependsOnPrevious: true,
        },
      ],
      trx
    )
  }

  const providerIds = [accounts.beta.id, accounts.users['ana@provider.test'].id]
  const providers = await activeProviders(acme.id, { ids: providerIds }, trx)
  const attached = await trx
    .from('provider_compliance_flows')
    .where('flow_id', flow.id)
    .whereNull('detached_at')
    .select('provider_id')
  const known = new Set(attached.map((row) => row.provider_id))
  const pairs = providers
    .filter((provider) => !known.has(provider.providerId))
    .map((provider) => ({ flowId: flow.id, provider }))
  if (pairs.length) await attachPairs(acme.id, pairs, DateTime.now(), trx)

  const today = DateTime.now().setZone(acme.timezone)
  await new GenerateMonthlyCompliances().handle(
    { year: today.year, month: today.month, companyId: acme.id },
    trx
  )
  return flow
}
