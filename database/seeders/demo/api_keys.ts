import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import ApiKey from '#models/api_key'
import { issueApiKey } from '#services/integrations/api_keys'
import { hashOpaqueToken } from '#support/opaque_tokens'
import type { DemoAccounts } from '#database/seeders/demo/accounts'

/**
 * Acme's demo API key, printed by `npm run dev` (README, Integrators): a
 * fixed secret of the local demo only (API_KEY_DEMO_SECRET overrides it),
 * read from the process env so the dev command and the seeder agree.
 */
export function demoApiKeySecret() {
  return process.env.API_KEY_DEMO_SECRET || 'cmk_live_demoAcmeErpKeyPrintedByNpmRunDevLocalOnly00'
}

/** The ERP key of Acme: reads and writes contracts, reads team and hours; kept if it exists */
export async function seedApiKeys(accounts: DemoAccounts, trx: TransactionClientContract) {
  const secret = demoApiKeySecret()
  const existing = await ApiKey.query({ client: trx })
    .where('token_hash', hashOpaqueToken(secret))
    .first()
  if (existing) return existing
  const { key } = await issueApiKey(
    {
      companyId: accounts.acme.id,
      createdBy: accounts.users['owner@acme.test']?.id ?? null,
      name: 'Demo ERP',
      permissions: ['contracts.view', 'contracts.manage', 'team.view', 'hours.view'],
      expiresAt: null,
      secret,
    },
    trx
  )
  return key
}
