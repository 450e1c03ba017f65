import { mkdir, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import app from '@adonisjs/core/services/app'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Contract from '#models/contract'
import UpsertOnboardingContent from '#actions/onboarding/upsert_onboarding_content'
import onboardingTokens from '#services/onboarding/token_service'
import { renewOnboarding } from '#services/onboarding/records'
import ContractPart from '#models/contract_part'
import { contractOnboardingContent } from '#services/onboarding/contract_content'
import { DEMO_CONTRACT_IDS } from '#database/seeders/demo/contracts'
import type { DemoAccounts } from '#database/seeders/demo/accounts'

/** The contracts area's demo contract in status `provider` (Acme <-> Beta) */
export const DEMO_ONBOARDING_CONTRACT_ID = DEMO_CONTRACT_IDS.betaProvider

/** Where the seeder leaves the current link for `npm run dev` to print */
export const DEMO_ONBOARDING_LINK_FILE = 'tmp/demo-onboarding-link.txt'

/**
 * The onboarding of Beta on the contracts demo contract in status
 * `provider`, fed from the contract like H16 does (its two upload
 * documents and its provider-filled variable). Runs after the contracts
 * demo; idempotent. Returns the onboarding link (valid token; renewed when
 * expired) and leaves it in DEMO_ONBOARDING_LINK_FILE.
 */
export async function seedOnboarding(accounts: DemoAccounts, trx: TransactionClientContract) {
  const contract = await Contract.findOrFail(DEMO_ONBOARDING_CONTRACT_ID, { client: trx })
  const part = await ContractPart.findProviderOf(contract.id, accounts.beta.id, trx)
  const onboarding = await new UpsertOnboardingContent().handle(
    await contractOnboardingContent(contract, part, trx),
    trx
  )
  if (onboarding.isExpired) renewOnboarding(onboarding, 30)
  onboarding.message ??=
    'Envie os documentos e preencha o formulário para seguirmos com o contrato.'
  await onboarding.useTransaction(trx).save()

  const link = onboardingTokens.url(await onboardingTokens.sign(onboarding))
  const file = app.makePath(DEMO_ONBOARDING_LINK_FILE)
  await mkdir(dirname(file), { recursive: true })
  await writeFile(file, `${link}\n`)
  return link
}
