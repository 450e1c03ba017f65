import { mkdir, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import app from '@adonisjs/core/services/app'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Contract from '#models/contract'
import ContractPart from '#models/contract_part'
import UpsertOnboardingContent from '#actions/onboarding/upsert_onboarding_content'
import onboardingTokens from '#services/onboarding_token_service'
import { renewOnboarding } from '#services/onboarding_records'
import { DEMO_IDS } from '#database/seeders/demo/contracts_core'
import type { DemoAccounts } from '#database/seeders/demo/accounts'

export const DEMO_ONBOARDING_CONTRACT_ID = '0b7e3c4a-1d2e-4f50-8a6b-7c8d9e0f1c01'

/** Where the seeder leaves the current link for `npm run dev` to print */
export const DEMO_ONBOARDING_LINK_FILE = 'tmp/demo-onboarding-link.txt'

const CONTENT = {
  documents: [
    {
      sourceId: '0b7e3c4a-1d2e-4f50-8a6b-7c8d9e0f1d01',
      name: 'Contrato social',
      description: 'Última alteração consolidada',
      acceptedFormats: ['pdf'],
      maxFileSize: 5 * 1024 * 1024,
    },
    {
      sourceId: '0b7e3c4a-1d2e-4f50-8a6b-7c8d9e0f1d02',
      name: 'Comprovante de endereço',
      isRequired: false,
      acceptedFormats: ['pdf', 'png', 'jpg'],
      maxFileSize: 2 * 1024 * 1024,
    },
  ],
  formFields: [
    {
      sourceKey: 'responsavel',
      label: 'Responsável técnico',
      type: 'text' as const,
      required: true,
    },
    { sourceKey: 'inicio', label: 'Data de início', type: 'date' as const, required: true },
    {
      sourceKey: 'regime',
      label: 'Regime tributário',
      type: 'select' as const,
      options: [
        { label: 'Simples Nacional', value: 'simples' },
        { label: 'Lucro presumido', value: 'presumido' },
      ],
    },
  ],
}

/**
 * Acme <-> Beta contract waiting for its provider (status `provider`) with
 * an onboarding of two documents and three fields. Idempotent. Returns
 * the onboarding link (valid token; renewed when expired) and leaves it in
 * DEMO_ONBOARDING_LINK_FILE.
 */
export async function seedOnboarding(accounts: DemoAccounts, trx: TransactionClientContract) {
  const existing = await Contract.find(DEMO_ONBOARDING_CONTRACT_ID, { client: trx })
  if (!existing) {
    await Contract.create(
      {
        id: DEMO_ONBOARDING_CONTRACT_ID,
        companyId: accounts.acme.id,
        workflowId: DEMO_IDS.workflow,
        name: 'Onboarding Beta 2026',
        status: 'provider',
        progress: 80,
        snapshot: {},
        createdBy: accounts.users['owner@acme.test'].id,
      },
      { client: trx }
    )
    await ContractPart.createMany(
      [
        { contractId: DEMO_ONBOARDING_CONTRACT_ID, companyId: accounts.acme.id, role: 'BORROWER' },
        { contractId: DEMO_ONBOARDING_CONTRACT_ID, companyId: accounts.beta.id, role: 'PROVIDER' },
      ],
      { client: trx }
    )
  }

  const onboarding = await new UpsertOnboardingContent().handle(
    { ...CONTENT, contractId: DEMO_ONBOARDING_CONTRACT_ID, providerId: accounts.beta.id },
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
