import { DateTime } from 'luxon'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Contract from '#models/contract'
import ContractPart from '#models/contract_part'
import ContractTemplate from '#models/contract_template'
import ContractDocumentRequirement from '#models/contract_document_requirement'
import ContractVariableValue from '#models/contract_variable_value'
import ContractReviewer from '#models/contract_reviewer'
import ContractReviewComment from '#models/contract_review_comment'
import type { DemoAccounts } from '#database/seeders/demo/accounts'
import { DEMO_IDS, type DemoContracts } from '#database/seeders/demo/contracts_core'
import type { ContractStatus } from '#enums/contract_status'
import { CLOSED_STATUSES } from '#support/contract_rules'

/** Fixed ids of the contracts area's demo data (the onboarding area uses `betaProvider`) */
export const DEMO_CONTRACT_IDS = {
  template: '0b7e3c4a-1d2e-4f50-8a6b-7c8d9e0f2a01',
  /** Beta's template: the standard one plus a provider form of every kind the spec names */
  onboardingTemplate: '0b7e3c4a-1d2e-4f50-8a6b-7c8d9e0f2a02',
  /** Beta, status `provider`: documents to upload + provider-filled variables */
  betaProvider: '0b7e3c4a-1d2e-4f50-8a6b-7c8d9e0f2b01',
  betaProviderDocuments: [
    '0b7e3c4a-1d2e-4f50-8a6b-7c8d9e0f2c01',
    '0b7e3c4a-1d2e-4f50-8a6b-7c8d9e0f2c02',
  ],
  /** Ana, in review with two reviewers and comments */
  inReview: '0b7e3c4a-1d2e-4f50-8a6b-7c8d9e0f2b02',
}

/** One demo contract per remaining board status (ids ...2d01, ...2d02, ...) */
const BOARD: ContractStatus[] = [
  'draft',
  'parts',
  'model',
  'documents',
  'provider_filling',
  'signature',
  'signing',
  'completed',
  'finished',
  'overdue',
  'cancelled',
  'archived',
]
const boardId = (index: number) =>
  `0b7e3c4a-1d2e-4f50-8a6b-7c8d9e0f2d${String(index + 1).padStart(2, '0')}`

const TEMPLATE_HTML = `<h1>Contrato de prestação de serviços</h1>
<p>Contratante: {{borrowerName}}. Contratada: {{providerName}}, com sede em {{providerAddress}}.</p>
<p>Objeto: {{serviceDescription}}. Valor mensal: {{monthlyValue}}.</p>`

const ONBOARDING_TEMPLATE_HTML = `${TEMPLATE_HTML}
<p>Início das atividades: {{providerStartDate}}. Porte da equipe: {{providerTeamSize}}.</p>
<p>Observações da contratada: {{providerNotes}}</p>`

/** The standard template's variables (the onboarding template adds the provider form) */
const TEMPLATE_VARIABLES = [
  { name: 'borrowerName', label: 'Contratante', type: 'text', source: 'borrower', required: true },
  { name: 'providerName', label: 'Contratada', type: 'text', source: 'borrower', required: true },
  {
    name: 'providerAddress',
    label: 'Endereço da contratada',
    type: 'text',
    source: 'provider',
    required: true,
  },
  {
    name: 'serviceDescription',
    label: 'Objeto',
    type: 'textarea',
    source: 'borrower',
    required: true,
  },
  {
    name: 'monthlyValue',
    label: 'Valor mensal',
    type: 'money',
    source: 'borrower',
    required: false,
  },
]

/**
 * The three form field types the spec names (FormField `type`: `date`,
 * `select` with `{label, value}` options, `textarea`), filled by Beta
 * through the onboarding form. The select's options live on the
 * contract's stored value (`additional.options`), where the onboarding
 * reads them.
 */
const PROVIDER_FORM_VARIABLES = [
  {
    name: 'providerStartDate',
    label: 'Início das atividades',
    type: 'date',
    source: 'provider',
    required: true,
  },
  {
    name: 'providerTeamSize',
    label: 'Porte da equipe',
    type: 'select',
    source: 'provider',
    required: true,
  },
  {
    name: 'providerNotes',
    label: 'Observações',
    type: 'textarea',
    source: 'provider',
    required: false,
  },
]

const TEAM_SIZE_OPTIONS = [
  { label: 'Até 5 pessoas', value: 'small' },
  { label: 'De 6 a 20 pessoas', value: 'medium' },
  { label: 'Mais de 20 pessoas', value: 'large' },
]

async function ensureContract(
  id: string,
  values: Partial<Contract>,
  provider: { companyId?: string; userId?: string },
  accounts: DemoAccounts,
  trx: TransactionClientContract
) {
  const existing = await Contract.query({ client: trx }).where('id', id).first()
  if (existing) return { contract: existing, created: false }
  const contract = await Contract.create(
    {
      id,
      companyId: accounts.acme.id,
      workflowId: DEMO_IDS.workflow,
      templateId: DEMO_CONTRACT_IDS.template,
      progress: 0,
      snapshot: {},
      createdBy: accounts.users['owner@acme.test'].id,
      ...values,
    },
    { client: trx }
  )
  await ContractPart.createMany(
    [
      { contractId: id, companyId: accounts.acme.id, role: 'BORROWER' },
      {
        contractId: id,
        companyId: provider.companyId ?? null,
        userId: provider.userId ?? null,
        role: 'PROVIDER',
        value: '9.500,00',
        valueCents: 950_000,
        contractType: 'MONTHLY',
      },
    ],
    { client: trx }
  )
  // a closed contract's links are settled as the closing paths do (#17)
  if (CLOSED_STATUSES.includes(contract.status)) await ContractPart.settleLinksOf([id], trx)
  return { contract, created: true }
}

/**
 * Contracts area demo data (idempotent): a template with variables, a
 * contract in review with reviewers and comments, one contract per other
 * board status and Beta's contract in status `provider`.
 */
export async function seedContracts(
  accounts: DemoAccounts,
  _core: DemoContracts,
  trx: TransactionClientContract
) {
  const client = { client: trx }
  await ContractTemplate.firstOrCreate(
    { id: DEMO_CONTRACT_IDS.template },
    {
      id: DEMO_CONTRACT_IDS.template,
      companyId: accounts.acme.id,
      name: 'Prestação de serviços (padrão)',
      html: TEMPLATE_HTML,
      variables: TEMPLATE_VARIABLES,
    },
    client
  )
  await ContractTemplate.firstOrCreate(
    { id: DEMO_CONTRACT_IDS.onboardingTemplate },
    {
      id: DEMO_CONTRACT_IDS.onboardingTemplate,
      companyId: accounts.acme.id,
      name: 'Prestação de serviços com onboarding',
      html: ONBOARDING_TEMPLATE_HTML,
      variables: [...TEMPLATE_VARIABLES, ...PROVIDER_FORM_VARIABLES],
    },
    client
  )

  const beta = await ensureContract(
    DEMO_CONTRACT_IDS.betaProvider,
    {
      name: 'Onboarding Beta 2026',
      status: 'provider',
      progress: 70,
      currentStep: { key: 'upload', index: 4 },
      templateId: DEMO_CONTRACT_IDS.onboardingTemplate,
      publishedAt: DateTime.now(),
      deadlineAt: DateTime.now().plus({ days: 7 }),
    },
    { companyId: accounts.beta.id },
    accounts,
    trx
  )
  if (beta.created) {
    const [social, certificate] = DEMO_CONTRACT_IDS.betaProviderDocuments
    await ContractDocumentRequirement.createMany(
      [
        {
          id: social,
          contractId: beta.contract.id,
          name: 'Contrato social',
          description: 'Última alteração consolidada',
          isDownload: false,
          isRequired: true,
          acceptedFormats: ['pdf'],
          maxFileSize: 10 * 1024 * 1024,
          position: 0,
        },
        {
          id: certificate,
          contractId: beta.contract.id,
          name: 'Certidão negativa de débitos',
          description: null,
          isDownload: false,
          isRequired: true,
          acceptedFormats: ['pdf', 'png', 'jpg'],
          maxFileSize: 5 * 1024 * 1024,
          position: 1,
        },
      ],
      client
    )
    await ContractVariableValue.createMany(
      [
        {
          id: '0b7e3c4a-1d2e-4f50-8a6b-7c8d9e0f2e01',
          contractId: beta.contract.id,
          name: 'providerAddress',
          type: 'text',
          source: 'provider',
          required: true,
          value: '',
          position: 0,
        },
        {
          id: '0b7e3c4a-1d2e-4f50-8a6b-7c8d9e0f2e02',
          contractId: beta.contract.id,
          name: 'serviceDescription',
          type: 'textarea',
          source: 'borrower',
          required: true,
          value: 'Consultoria em processos',
          position: 1,
        },
        {
          id: '0b7e3c4a-1d2e-4f50-8a6b-7c8d9e0f2e04',
          contractId: beta.contract.id,
          name: 'providerTeamSize',
          type: 'select',
          source: 'provider',
          required: true,
          value: '',
          additional: { options: TEAM_SIZE_OPTIONS },
          position: 2,
        },
      ],
      client
    )
  }

  const review = await ensureContract(
    DEMO_CONTRACT_IDS.inReview,
    {
      name: 'Prestação de serviços Ana 2026',
      status: 'in_review',
      progress: 60,
      currentStep: { key: 'review', index: 3 },
    },
    { userId: accounts.users['ana@provider.test'].id },
    accounts,
    trx
  )
  if (review.created) {
    const reviewers = ['validator@acme.test', 'analyst@acme.test'].map((email, index) => ({
      id: `0b7e3c4a-1d2e-4f50-8a6b-7c8d9e0f2f0${index + 1}`,
      contractId: review.contract.id,
      userId: accounts.users[email].id,
      isRequired: index === 0,
      position: index + 1,
    }))
    await ContractReviewer.createMany(reviewers, client)
    await ContractVariableValue.create(
      {
        id: '0b7e3c4a-1d2e-4f50-8a6b-7c8d9e0f2e03',
        contractId: review.contract.id,
        name: 'serviceDescription',
        type: 'textarea',
        source: 'borrower',
        required: true,
        value: 'Design de interfaces',
        position: 0,
      },
      client
    )
    await ContractReviewComment.createMany(
      [
        {
          contractId: review.contract.id,
          itemId: review.contract.id,
          authorId: reviewers[0].userId,
          content: 'Confirmar o valor mensal.',
          selectedText: 'Valor mensal',
          startOffset: 120,
          endOffset: 132,
          pageNumber: 1,
        },
        {
          contractId: review.contract.id,
          itemId: review.contract.id,
          authorId: reviewers[1].userId,
          content: 'Objeto está claro.',
          selectedText: null,
          startOffset: null,
          endOffset: null,
          pageNumber: null,
        },
      ],
      client
    )
  }

  for (const [index, status] of BOARD.entries()) {
    await ensureContract(
      boardId(index),
      {
        name: `Demo ${status.replace('_', ' ')}`,
        status,
        progress: Math.min(100, index * 9),
        ref: `DEMO-${index + 1}`,
      },
      { companyId: accounts.beta.id },
      accounts,
      trx
    )
  }
}
