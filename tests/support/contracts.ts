import { ok } from 'node:assert'
import type { ApiClient } from '@japa/api-client'
import emitter from '@adonisjs/core/services/emitter'
import type { EventsList } from '@adonisjs/core/types'
import { ContractTemplateFactory, WorkflowFactory } from '#database/factories/contract_factory'
import { companyWithOwner, linkProvider, memberOf } from '#tests/support/tenancy'
import { as } from '#tests/support/http'
import Contract from '#models/contract'

/**
 * A borrower company with its owner, a borrower-perspective workflow, a
 * template, a provider legal entity (with owner) and a natural person,
 * both linked to the borrower (as E4 would) so they may be parts.
 */
export async function contractWorld() {
  const { company, owner } = await companyWithOwner()
  const workflow = await WorkflowFactory.merge({ companyId: company.id }).create()
  const template = await ContractTemplateFactory.merge({ companyId: company.id }).create()
  const provider = await companyWithOwner()
  const { UserFactory } = await import('#database/factories/user_factory')
  const person = await UserFactory.create()
  await linkProvider(company, provider.owner)
  await linkProvider(company, person)
  const reviewer = await memberOf(company, 'user')
  return { company, owner, workflow, template, provider, person, reviewer }
}

export type ContractWorld = Awaited<ReturnType<typeof contractWorld>>

/**
 * The tables of a contract's detail (H5) besides `contracts` and
 * `contract_parts`: read by the detail's statement, each raising the
 * contract's read version (`k:<contract>`)
 */
export const CONTRACT_DETAIL_ROW_TABLES = [
  'contract_part_groups',
  'contract_variable_values',
  'contract_document_requirements',
  'contract_reviewers',
  'contract_signature_groups',
  'contract_signature_members',
  'contract_uploaded_files',
] as const

/** A save payload with the provider company and the person as parts */
export function fullPayload(world: ContractWorld, overrides: Record<string, unknown> = {}) {
  return {
    name: 'Contrato de consultoria',
    workflowId: world.workflow.id,
    progress: 40,
    currentStep: { key: 'parts', index: 0 },
    steps: [
      { key: 'parts', status: 'in_progress', progress: 50 },
      { key: 'model', status: 'pending', progress: 0 },
    ],
    parts: [
      { companyId: world.provider.company.id, value: '12.000,00', contractType: 'MONTHLY' },
      { userId: world.person.id, value: '150,00', contractType: 'HOURLY' },
    ],
    modelConfig: { templateId: world.template.id, variableAssignments: [] },
    variableValues: [
      { name: 'contractName', value: 'Consultoria <b>&</b>', required: true },
      { name: 'amount', value: 'R$ 12.000,00', source: 'borrower' },
    ],
    documents: [
      {
        name: 'Contrato social',
        isDownload: false,
        acceptedFormats: ['pdf'],
        maxFileSize: 1024 * 1024,
      },
      { name: 'Manual do prestador', isDownload: true },
    ],
    revisionConfig: { reviewers: [{ userId: world.reviewer.id, isRequired: true }] },
    ...overrides,
  }
}

/** Creates a contract through H3 and returns its id */
export async function createContract(
  client: ApiClient,
  world: ContractWorld,
  overrides: Record<string, unknown> = {}
) {
  const response = await as(client, world.owner, world.company)
    .post('/contracts')
    .json(fullPayload(world, overrides))
  response.assertStatus(201)
  return response.body().data.id as string
}

/** A contract (H3) put straight in status `signature` with these signature groups */
export async function contractToSign(
  client: ApiClient,
  world: ContractWorld,
  groups: Record<string, unknown>[]
) {
  const id = await createContract(client, world, { documents: [], signatureConfig: { groups } })
  await Contract.query().where('id', id).update({ status: 'signature' })
  return id
}

/** H16 as the borrower's owner; returns the onboarding token of the link sent */
export async function sendOnboarding(
  client: ApiClient,
  world: Pick<ContractWorld, 'owner' | 'company'>,
  contractId: string,
  providerId: string
) {
  const events = emitter.fake(['onboarding:sent'])
  const response = await as(client, world.owner, world.company).post(
    `/contracts/${contractId}/providers/${providerId}/onboarding/send`
  )
  response.assertStatus(200)
  const url = events.find('onboarding:sent')!.data.url as string
  emitter.restore()
  return url.split('/public/onboarding/')[1]
}

/**
 * Records every emitted event while the listeners still run (unlike
 * `emitter.fake()`, which swallows them): notifications and e-mails are
 * written as in production.
 */
export function recordEvents() {
  const seen: { event: unknown; data: unknown }[] = []
  const stop = emitter.onAny((event, data) => {
    seen.push({ event, data })
  })
  return {
    stop,
    assertEmitted<Name extends keyof EventsList>(
      name: Name,
      finder: (event: { data: EventsList[Name] }) => boolean = () => true
    ) {
      const found = seen.some(
        (entry) => entry.event === name && finder(entry as { data: EventsList[Name] })
      )
      ok(found, `Expected "${String(name)}" event to be emitted`)
    },
  }
}
