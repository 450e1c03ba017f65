import type { ApiClient } from '@japa/api-client'
import { CompanyFactory } from '#database/factories/company_factory'
import { ContractFactory } from '#database/factories/contract_factory'
import type Company from '#models/company'
import type User from '#models/user'
import { companyWithOwner, memberOf } from '#tests/support/tenancy'

/** An active contract of the borrower with one provider part (company or person) */
export async function activeContract(
  borrower: Company,
  provider: { companyId?: string; userId?: string },
  name = 'Contrato ativo'
) {
  return ContractFactory.apply('active')
    .merge({ companyId: borrower.id, name })
    .with('parts', 1, (part) => part.apply('borrower').merge({ companyId: borrower.id }))
    .with('parts', 1, (part) =>
      part.merge({ companyId: provider.companyId ?? null, userId: provider.userId ?? null })
    )
    .create()
}

/**
 * A borrower with its owner and two validators, a legal-entity provider
 * (company + owner, a provider member of the borrower) and a natural
 * person provider, both with an active contract.
 */
export async function complianceWorld() {
  const { company: borrower, owner } = await companyWithOwner()
  const validator = await memberOf(borrower, 'user')
  const analyst = await memberOf(borrower, 'borrower')
  const { company: providerCompany, owner: providerOwner } = await companyWithOwner()
  const { default: CompanyMember } = await import('#models/company_member')
  await CompanyMember.create({ companyId: borrower.id, userId: providerOwner.id, role: 'provider' })
  const person = await memberOf(borrower, 'provider')
  const companyContract = await activeContract(
    borrower,
    { companyId: providerCompany.id },
    'Contrato PJ'
  )
  const personContract = await activeContract(borrower, { userId: person.id }, 'Contrato PF')
  return {
    borrower,
    owner,
    validator,
    analyst,
    providerCompany,
    providerOwner,
    person,
    companyContract,
    personContract,
  }
}

/** A step body with sensible defaults */
export function documentsStep(overrides: Record<string, unknown> = {}) {
  return {
    title: 'Documentos do mês',
    stepType: 'documents',
    schedule: { frequency: 'monthly', dayStart: 1, dayEnd: 31 },
    documents: [
      { name: 'Nota fiscal', required: true, formats: ['.pdf'] },
      { name: 'Comprovante', required: false, formats: ['.png', '.jpg'] },
    ],
    ...overrides,
  }
}

export const headers = (company: Company) => ({ 'x-company-id': company.id })

/** Minimal valid files for the sniffing upload checks */
export const FILES = {
  pdf: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
  png: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64'
  ),
}

export type { User }
export { CompanyFactory }

/** Creates a flow through the API (optionally activated) and returns its body */
export async function createFlow(
  client: import('@japa/api-client').ApiClient,
  world: { borrower: Company; owner: User },
  body: Record<string, unknown>,
  activate = true
) {
  const created = await client
    .post('/api/v1/compliance-flows')
    .headers(headers(world.borrower))
    .json(body)
    .loginAs(world.owner)
  if (created.status() !== 201) throw new Error(JSON.stringify(created.body()))
  if (!activate) return created.body().data
  const active = await client
    .put(`/api/v1/compliance-flows/${created.body().data.id}`)
    .headers(headers(world.borrower))
    .json({ status: 'active' })
    .loginAs(world.owner)
  return active.body().data
}

/**
 * An active flow attached to the legal-entity provider and the natural
 * person, with the month of the frozen clock generated (lazily, by C1).
 */
export async function attachedWorld(
  client: import('@japa/api-client').ApiClient,
  steps:
    | Record<string, unknown>[]
    | ((world: Awaited<ReturnType<typeof complianceWorld>>) => Record<string, unknown>[]),
  name = 'Compliance mensal'
) {
  const world = await complianceWorld()
  const flow = await createFlow(client, world, {
    name,
    steps: typeof steps === 'function' ? steps(world) : steps,
  })
  const response = await client
    .post('/api/v1/providers/compliance-flows')
    .headers(headers(world.borrower))
    .json({
      attachments: [world.providerCompany.id, world.person.id].map((providerId) => ({
        providerId,
        complianceFlowId: flow.id,
      })),
    })
    .loginAs(world.owner)
  if (response.status() !== 201) throw new Error(JSON.stringify(response.body()))
  const list = async (user: User) => {
    const current = await client
      .get('/api/v1/provider-compliances/current')
      .headers(headers(world.borrower))
      .loginAs(user)
    return current.body().data[0]
  }
  return {
    ...world,
    flow,
    companyCompliance: await list(world.providerOwner),
    personCompliance: await list(world.person),
  }
}

/** One required PDF document: the requirement most review tests need */
export const ONE_DOCUMENT = { documents: [{ name: 'NF', required: true, formats: ['.pdf'] }] }

type AttachedWorld = Awaited<ReturnType<typeof attachedWorld>>

/**
 * The provider owner uploads the required document of the first step of
 * the company compliance and submits the step (both asserted).
 */
export async function sendFirstStep(client: ApiClient, world: AttachedWorld) {
  const compliance = world.companyCompliance
  const step = compliance.steps[0]
  const upload = await client
    .post(`/api/v1/provider-compliances/${compliance.id}/steps/${step.id}/documents`)
    .field('documentRequirementId', step.requiredDocuments[0].id)
    .file('file', FILES.pdf, { filename: 'nf.pdf' })
    .headers(headers(world.borrower))
    .loginAs(world.providerOwner)
  upload.assertStatus(201)
  const submit = await client
    .post(`/api/v1/provider-compliances/${compliance.id}/steps/${step.id}/submit`)
    .json({})
    .headers(headers(world.borrower))
    .loginAs(world.providerOwner)
  submit.assertStatus(200)
  return { step, documentId: upload.body().data.id as string }
}
