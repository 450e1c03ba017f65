import { mkdir, writeFile } from 'node:fs/promises'
import { randomUUID } from 'node:crypto'
import { DateTime } from 'luxon'
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
import onboardingFiles from '#services/onboarding/file_storage'
import { feedUpload, feedValues } from '#services/onboarding/contract_feed'
import type Onboarding from '#models/onboarding'
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
  await betaStartedTheWork(onboarding, trx)

  const link = onboardingTokens.url(await onboardingTokens.sign(onboarding))
  const file = app.makePath(DEMO_ONBOARDING_LINK_FILE)
  await mkdir(dirname(file), { recursive: true })
  await writeFile(file, `${link}\n`)
  return link
}

/** A one-page PDF: the demo's social contract */
const DEMO_PDF = `%PDF-1.4
1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj
2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj
trailer << /Root 1 0 R >>
%%EOF
`

/**
 * A contract fed by onboarding (issue #17): Beta already sent its social
 * contract and filled its address through the link, written into the
 * contract as A2 and A4 do (H10 shows the file pending review, H12 the
 * address); the certificate is still to send. Skipped once done.
 */
async function betaStartedTheWork(onboarding: Onboarding, trx: TransactionClientContract) {
  await onboarding.load('documents')
  await onboarding.load('formFields')
  const social = onboarding.documents.find(
    (document) => document.sourceRequirementId === DEMO_CONTRACT_IDS.betaProviderDocuments[0]
  )
  if (social?.status === 'waiting') {
    const key = onboardingFiles.keyFor(onboarding.id, social.id, randomUUID(), 'pdf')
    const stored = await onboardingFiles.put(key, Buffer.from(DEMO_PDF), 'application/pdf')
    const fileName = 'contrato-social-beta.pdf'
    social.merge({
      status: 'uploaded',
      filePath: key,
      fileName,
      fileSize: stored.size,
      uploadedAt: DateTime.now(),
    })
    await social.useTransaction(trx).save()
    await feedUpload(onboarding, social, { ...stored, fileName, mimeType: 'application/pdf' }, trx)
  }
  const address = onboarding.formFields.find((field) => field.sourceKey === 'providerAddress')
  if (address && !address.isFilled) {
    await address.useTransaction(trx).merge({ value: 'Av. Paulista, 1000 - São Paulo/SP' }).save()
    await feedValues(onboarding, [address], trx)
  }
}
