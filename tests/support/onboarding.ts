import { mkdir, writeFile } from 'node:fs/promises'
import { randomUUID } from 'node:crypto'
import app from '@adonisjs/core/services/app'
import type { ApiClient } from '@japa/api-client'
import ContractPart from '#models/contract_part'
import type Company from '#models/company'
import type User from '#models/user'
import type Onboarding from '#models/onboarding'
import UpsertOnboardingContent from '#actions/onboarding/upsert_onboarding_content'
import type { OnboardingContent } from '#services/onboarding/types'
import onboardingTokens from '#services/onboarding/token_service'
import { OnboardingContractFactory } from '#database/factories/onboarding_factory'
import { UserFactory } from '#database/factories/user_factory'
import { companyWithOwner, memberOf } from '#tests/support/tenancy'

/** Two documents (PDF required, PNG/JPG optional up to 2 KB) and three fields */
export const DEMO_CONTENT: Omit<OnboardingContent, 'contractId' | 'providerId'> = {
  documents: [
    {
      sourceId: randomUUID(),
      name: 'Contrato social',
      acceptedFormats: ['pdf'],
      maxFileSize: 1024 * 1024,
    },
    {
      sourceId: randomUUID(),
      name: 'Logotipo',
      description: 'PNG ou JPG',
      isRequired: false,
      acceptedFormats: ['png', 'jpg'],
      maxFileSize: 2048,
    },
  ],
  formFields: [
    { sourceKey: 'razao_social', label: 'Razão social', type: 'text', required: true },
    { sourceKey: 'inicio', label: 'Data de início', type: 'date', required: true },
    {
      sourceKey: 'porte',
      label: 'Porte',
      type: 'select',
      options: [
        { label: 'Pequeno', value: 'small' },
        { label: 'Grande', value: 'large' },
      ],
    },
  ],
}

export interface OnboardingScenario {
  borrower: Company
  borrowerOwner: User
  providerOwner: User
  providerCompany: Company | null
  contractId: string
  providerId: string
  onboarding: Onboarding
  token: string
}

/** A contract (status `provider`) of a borrower with one provider part */
export async function providerContract(options: { naturalPerson?: boolean } = {}) {
  const { company: borrower, owner: borrowerOwner } = await companyWithOwner()
  await memberOf(borrower, 'admin')
  const contract = await OnboardingContractFactory.merge({ companyId: borrower.id }).create()
  await ContractPart.create({ contractId: contract.id, companyId: borrower.id, role: 'BORROWER' })

  let providerCompany: Company | null = null
  let providerOwner: User
  if (options.naturalPerson) {
    providerOwner = await UserFactory.create()
    await ContractPart.create({
      contractId: contract.id,
      userId: providerOwner.id,
      role: 'PROVIDER',
    })
  } else {
    const provider = await companyWithOwner()
    providerCompany = provider.company
    providerOwner = provider.owner
    await ContractPart.create({
      contractId: contract.id,
      companyId: providerCompany.id,
      role: 'PROVIDER',
    })
  }
  const providerId = providerCompany?.id ?? providerOwner.id
  return { borrower, borrowerOwner, contract, providerCompany, providerOwner, providerId }
}

/** A provider contract with its onboarding content and a valid token */
export async function onboardingScenario(
  options: { naturalPerson?: boolean } = {}
): Promise<OnboardingScenario> {
  const setup = await providerContract(options)
  const onboarding = await new UpsertOnboardingContent().handle({
    ...DEMO_CONTENT,
    contractId: setup.contract.id,
    providerId: setup.providerId,
  })
  await onboarding.load((loader) => loader.load('documents').load('formFields'))
  const token = await onboardingTokens.sign(onboarding)
  return { ...setup, contractId: setup.contract.id, onboarding, token }
}

const PDF = `%PDF-1.4
1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj
2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj
trailer << /Root 1 0 R >>
%%EOF
`

/** The smallest valid PNG: 1x1 transparent pixel */
const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII='

export const fileBytes = {
  pdf: () => Buffer.from(PDF),
  png: () => Buffer.from(PNG_BASE64, 'base64'),
  empty: () => Buffer.alloc(0),
  /** A PDF padded past a limit (still a PDF by its magic number) */
  pdfOfSize: (size: number) => Buffer.concat([Buffer.from(PDF), Buffer.alloc(size, 0x20)]),
}

/** Writes bytes to a real file under tmp/ (uploads go through Drive from there) */
export async function tmpFile(name: string, bytes: Buffer) {
  const dir = app.tmpPath('onboarding-uploads', randomUUID())
  await mkdir(dir, { recursive: true })
  const path = `${dir}/${name}`
  await writeFile(path, bytes)
  return path
}

export const onboardingUrl = (token: string, suffix = '') => `/api/v1/onboarding/${token}${suffix}`

/**
 * Fills what DEMO_CONTENT requires for A5: its two required form fields
 * (text, date) and its required document
 */
export async function fillEverything(client: ApiClient, s: OnboardingScenario) {
  const form = await client
    .put(onboardingUrl(s.token, '/form'))
    .bearerToken(s.token)
    .json({
      fields: [
        { id: s.onboarding.formFields[0].id, value: 'Beta Consultoria' },
        { id: s.onboarding.formFields[1].id, value: '2026-01-15' },
      ],
    })
  form.assertStatus(200)
  const upload = await client
    .post(onboardingUrl(s.token, `/documents/${s.onboarding.documents[0].id}/upload`))
    .bearerToken(s.token)
    .file('file', await tmpFile('contrato.pdf', fileBytes.pdf()))
  upload.assertStatus(200)
}
