import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import type { ApiClient } from '@japa/api-client'
import ContractPart from '#models/contract_part'
import { WorkflowFactory } from '#database/factories/contract_factory'
import { contractWorld, createContract, type ContractWorld } from '#tests/support/contracts'
import { cleanStorage, pdfBytes } from '#tests/support/files'
import { as } from '#tests/support/http'

/**
 * H10 `total` / `allApproved` follow the spec and agree with what
 * starting signatures requires; H10 follows the perspective too (the
 * counterparty of a provider-perspective workflow is the provider side).
 */

/** The borrower's owner signs first, then the provider parts */
const signers = (world: ContractWorld) => ({
  groups: [
    { name: 'Contratante', order: 1, members: [{ userId: world.owner.id }] },
    { name: 'Prestadores', order: 2, isPartGroup: true },
  ],
})

/** Published (status `provider`): the provider company part, a required and an optional document */
async function twoDocuments(client: ApiClient, world: ContractWorld) {
  const id = await createContract(client, world, {
    parts: [{ companyId: world.provider.company.id }],
    documents: [
      { name: 'Contrato social', isDownload: false, acceptedFormats: ['pdf'] },
      { name: 'Certidão', isDownload: false, isRequired: false, acceptedFormats: ['pdf'] },
      { name: 'Manual', isDownload: true },
    ],
    signatureConfig: signers(world),
  })
  const owner = as(client, world.owner, world.company)
  ;(await owner.patch(`/contracts/${id}/status`).json({ status: 'PUBLISHED' })).assertStatus(200)
  const detail = (await owner.get(`/contracts/${id}/detail`)).body().data
  const part = detail.parts.find((p: any) => p.role === 'PROVIDER')
  const upload = async (name: string) => {
    const documentId = detail.documents.find((doc: any) => doc.name === name).id
    const response = await owner
      .post(`/contracts/${id}/documents/${documentId}/files`)
      .field('partId', part.id)
      .file('file', await pdfBytes(), { filename: `${name}.pdf` })
    response.assertStatus(201)
    return response.body().data.id as string
  }
  const approve = async (fileId: string) =>
    (
      await owner.patch(`/contracts/${id}/documents/${fileId}/review`).json({ status: 'approved' })
    ).assertStatus(200)
  return { id, owner, upload, approve }
}

test.group('Correctness / H10 uploads overview', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a contract without a provider part is not allApproved', async ({ client, assert }) => {
    const world = await contractWorld()
    const id = await createContract(client, world, { parts: [] })
    const response = await as(client, world.owner, world.company).get(`/contracts/${id}/uploads`)
    response.assertStatus(200)
    assert.deepEqual(response.body().data, { providers: [], allApproved: false })
  })

  test('an optional document not sent does not hold allApproved; signing agrees', async ({
    client,
    assert,
    cleanup,
  }) => {
    const world = await contractWorld()
    const { id, owner, upload, approve } = await twoDocuments(client, world)
    cleanup(() => cleanStorage(id))
    await approve(await upload('Contrato social'))

    const data = (await owner.get(`/contracts/${id}/uploads`)).body().data
    assert.deepEqual(
      data.providers.map((p: any) => [p.total, p.approved, p.rejected]),
      [[2, 1, 0]]
    )
    assert.isTrue(data.allApproved)
    ;(await owner.post(`/contracts/${id}/signatures/start`)).assertStatus(200)
  })

  test('an optional document sent and not decided holds allApproved and signing alike', async ({
    client,
    assert,
    cleanup,
  }) => {
    const world = await contractWorld()
    const { id, owner, upload, approve } = await twoDocuments(client, world)
    cleanup(() => cleanStorage(id))
    await approve(await upload('Contrato social'))
    await upload('Certidão')

    assert.isFalse((await owner.get(`/contracts/${id}/uploads`)).body().data.allApproved)
    const start = await owner.post(`/contracts/${id}/signatures/start`)
    start.assertStatus(422)
    assert.include(start.body().message, 'Certidão')
  })

  test('provider perspective: the counterparty (stored BORROWER) is the provider side, not the company itself', async ({
    client,
    assert,
  }) => {
    const world = await contractWorld()
    const workflow = await WorkflowFactory.apply('providerPerspective')
      .merge({ companyId: world.company.id })
      .create()
    const id = await createContract(client, world, {
      workflowId: workflow.id,
      parts: [{ companyId: world.provider.company.id }],
    })
    const counterparty = await ContractPart.query()
      .where('contract_id', id)
      .where('company_id', world.provider.company.id)
      .firstOrFail()
    assert.equal(counterparty.role, 'BORROWER')

    const response = await as(client, world.owner, world.company).get(`/contracts/${id}/uploads`)
    response.assertStatus(200)
    assert.deepEqual(
      response
        .body()
        .data.providers.map((p: any) => [p.provider.contractPartId, p.provider.companyId]),
      [[counterparty.id, world.provider.company.id]]
    )
  })
})
