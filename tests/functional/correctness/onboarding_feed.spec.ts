import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import type { ApiClient } from '@japa/api-client'
import ContractPart from '#models/contract_part'
import ContractUploadedFile from '#models/contract_uploaded_file'
import Notification from '#models/notification'
import Onboarding from '#models/onboarding'
import { ContractTemplateFactory } from '#database/factories/contract_factory'
import {
  contractWorld,
  createContract,
  sendOnboarding,
  type ContractWorld,
} from '#tests/support/contracts'
import { cleanStorage, pdfBytes } from '#tests/support/files'
import { as } from '#tests/support/http'
import { fileBytes, onboardingUrl, tmpFile } from '#tests/support/onboarding'

/**
 * What the provider does through the public link
 * (A2 uploads, A4 values) is the contract's (H10, H11, H12, signatures).
 */

/**
 * A published contract (status `provider`) of the borrower with the
 * provider company as its only provider part, one required upload
 * document, a provider-filled variable and signers; returns its id.
 */
async function publishedContract(client: ApiClient, world: ContractWorld) {
  const template = await ContractTemplateFactory.merge({
    companyId: world.company.id,
    html: '<p>{{contractName}}: sede em {{providerAddress}}</p>',
    variables: [
      { name: 'contractName', label: 'Nome', type: 'text', source: 'borrower', required: true },
      {
        name: 'providerAddress',
        label: 'Endereço da contratada',
        type: 'text',
        source: 'provider',
        required: true,
      },
    ],
  }).create()
  const id = await createContract(client, world, {
    parts: [{ companyId: world.provider.company.id, value: '12.000,00', contractType: 'MONTHLY' }],
    modelConfig: { templateId: template.id, variableAssignments: [] },
    variableValues: [{ name: 'contractName', value: 'Consultoria', required: true }],
    documents: [
      {
        name: 'Contrato social',
        isDownload: false,
        acceptedFormats: ['pdf'],
        maxFileSize: 100_000,
      },
    ],
    signatureConfig: {
      groups: [
        { name: 'Contratante', order: 1, members: [{ userId: world.owner.id }] },
        { name: 'Prestadores', order: 2, isPartGroup: true },
      ],
    },
  })
  const owner = as(client, world.owner, world.company)
  const published = await owner.patch(`/contracts/${id}/status`).json({ status: 'PUBLISHED' })
  published.assertBody({ data: { id, status: 'provider' } })
  return id
}

/** The provider's side of the link: A1, A2, A4, A5 with the token */
function link(client: ApiClient, token: string) {
  return {
    show: () => client.get(onboardingUrl(token)).bearerToken(token),
    upload: async (documentId: string, name = 'social.pdf') =>
      client
        .post(onboardingUrl(token, `/documents/${documentId}/upload`))
        .bearerToken(token)
        .file('file', await tmpFile(name, fileBytes.pdf())),
    fill: (fields: { id: string; value: string }[]) =>
      client.put(onboardingUrl(token, '/form')).bearerToken(token).json({ fields }),
    submit: () => client.post(onboardingUrl(token, '/submit')).bearerToken(token),
  }
}

test.group('Correctness / onboarding feeds the contract', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => limiter.clear(['memory']))

  test('a provider uploads and fills through the link; the borrower sees, approves, signs with it', async ({
    client,
    assert,
    cleanup,
  }) => {
    const world = await contractWorld()
    const id = await publishedContract(client, world)
    cleanup(() => cleanStorage(id))
    const owner = as(client, world.owner, world.company)
    const token = await sendOnboarding(client, world, id, world.provider.company.id)
    const provider = link(client, token)

    const view = (await provider.show()).body().data
    const [document] = view.documents
    const [address] = view.formFields
    ;(await provider.upload(document.id)).assertStatus(200)
    ;(await provider.fill([{ id: address.id, value: 'Rua das Flores, 10' }])).assertStatus(200)
    ;(await provider.submit()).assertStatus(200)

    /** H10: the provider's file, pending, on the provider's part */
    const part = await ContractPart.query()
      .where('contract_id', id)
      .where('company_id', world.provider.company.id)
      .firstOrFail()
    const uploads = await owner.get(`/contracts/${id}/uploads`)
    uploads.assertStatus(200)
    const [entry] = uploads.body().data.providers
    assert.equal(entry.provider.contractPartId, part.id)
    assert.deepEqual(
      entry.documents.map((doc: any) => [doc.name, doc.fileName, doc.status]),
      [['Contrato social', 'social.pdf', 'pending']]
    )
    assert.isFalse(uploads.body().data.allApproved)
    const file = await ContractUploadedFile.findOrFail(entry.documents[0].id)
    assert.equal(file.uploadedBy, world.provider.owner.id)

    /** signatures wait for the decision */
    ;(await owner.post(`/contracts/${id}/signatures/start`)).assertStatus(422)

    /** H11 approves: the provider's onboarding document is validated */
    const approved = await owner
      .patch(`/contracts/${id}/documents/${file.id}/review`)
      .json({ status: 'approved' })
    approved.assertStatus(200)
    assert.equal((await provider.show()).body().data.documents[0].status, 'validated')
    const after = (await owner.get(`/contracts/${id}/uploads`)).body().data
    assert.isTrue(after.allApproved)
    assert.equal(after.providers[0].approved, 1)

    /** H12 and H5: the provider's value on its part */
    const review = await owner.get(`/contracts/${id}/review`)
    review.assertStatus(200)
    assert.include(review.body().data.contracts[0].htmlContent, 'sede em Rua das Flores, 10')
    const detail = (await owner.get(`/contracts/${id}/detail`)).body().data
    assert.deepInclude(
      detail.variableValues.map((v: any) => [v.name, v.value, v.partId, v.source]),
      ['providerAddress', 'Rua das Flores, 10', part.id, 'provider']
    )

    /** B2: the provider sees its own file on the contract */
    const documents = await as(client, world.provider.owner, world.company).get(
      `/contracts/${id}/documents`
    )
    documents.assertStatus(200)
    assert.deepEqual(
      documents.body().data.map((doc: any) => [doc.fileName, doc.status]),
      [['social.pdf', 'approved']]
    )

    /** the signatures start with the provider's file approved */
    const started = await owner.post(`/contracts/${id}/signatures/start`)
    started.assertStatus(200)
  })

  test('H11 rejection of a provider file goes back to the provider, who resends through the link', async ({
    client,
    assert,
    cleanup,
  }) => {
    const world = await contractWorld()
    const id = await publishedContract(client, world)
    cleanup(() => cleanStorage(id))
    const owner = as(client, world.owner, world.company)
    const token = await sendOnboarding(client, world, id, world.provider.company.id)
    const provider = link(client, token)
    const [document] = (await provider.show()).body().data.documents

    /** the borrower uploads for the provider's part first (uploadedBy = a borrower user) */
    const part = await ContractPart.query()
      .where('contract_id', id)
      .where('company_id', world.provider.company.id)
      .firstOrFail()
    const requirementId = (await owner.get(`/contracts/${id}/detail`)).body().data.documents[0].id
    const uploaded = await owner
      .post(`/contracts/${id}/documents/${requirementId}/files`)
      .field('partId', part.id)
      .file('file', await pdfBytes(), { filename: 'borrower.pdf' })
    uploaded.assertStatus(201)
    assert.equal((await provider.show()).body().data.documents[0].status, 'uploaded')

    const rejected = await owner
      .patch(`/contracts/${id}/documents/${uploaded.body().data.id}/review`)
      .json({ status: 'rejected', reason: 'Ilegível' })
    rejected.assertStatus(200)

    /** the provider's user is told, not the borrower user who uploaded */
    const notices = await Notification.query()
      .where('type', 'document_rejected')
      .whereIn('user_id', [world.owner.id, world.provider.owner.id])
    assert.deepEqual(
      notices.map((notice) => notice.userId),
      [world.provider.owner.id]
    )
    const shown = (await provider.show()).body().data.documents[0]
    assert.deepEqual([shown.status, shown.rejectionReason], ['rejected', 'Ilegível'])

    /** the provider resends: the contract file is pending again, with the provider's file */
    ;(await provider.upload(document.id, 'novo.pdf')).assertStatus(200)
    const [entry] = (await owner.get(`/contracts/${id}/uploads`)).body().data.providers
    assert.deepEqual(
      entry.documents.map((doc: any) => [doc.fileName, doc.status, doc.rejectionReason]),
      [['novo.pdf', 'pending', null]]
    )
    const file = await ContractUploadedFile.findOrFail(entry.documents[0].id)
    assert.equal(file.uploadedBy, world.provider.owner.id)
  })

  test('a submitted onboarding whose file H11 rejects opens again for the provider', async ({
    client,
    assert,
    cleanup,
  }) => {
    const world = await contractWorld()
    const id = await publishedContract(client, world)
    cleanup(() => cleanStorage(id))
    const owner = as(client, world.owner, world.company)
    const token = await sendOnboarding(client, world, id, world.provider.company.id)
    const provider = link(client, token)
    const view = (await provider.show()).body().data
    ;(await provider.upload(view.documents[0].id)).assertStatus(200)
    ;(await provider.fill([{ id: view.formFields[0].id, value: 'Av. Central, 1' }])).assertStatus(
      200
    )
    ;(await provider.submit()).assertStatus(200)

    const [entry] = (await owner.get(`/contracts/${id}/uploads`)).body().data.providers
    ;(
      await owner
        .patch(`/contracts/${id}/documents/${entry.documents[0].id}/review`)
        .json({ status: 'rejected', reason: 'Vencido' })
    ).assertStatus(200)
    const onboarding = await Onboarding.query().where('contract_id', id).firstOrFail()
    assert.equal(onboarding.status, 'pending')

    /** A3 removes it: the contract has no file for the part any more */
    const removed = await client
      .delete(onboardingUrl(token, `/documents/${view.documents[0].id}/file`))
      .bearerToken(token)
    removed.assertStatus(200)
    const [after] = (await owner.get(`/contracts/${id}/uploads`)).body().data.providers
    assert.lengthOf(after.documents, 0)
  })

  test('the borrower review of the onboarding document is the contract file review', async ({
    client,
    assert,
    cleanup,
  }) => {
    const world = await contractWorld()
    const id = await publishedContract(client, world)
    cleanup(() => cleanStorage(id))
    const owner = as(client, world.owner, world.company)
    const token = await sendOnboarding(client, world, id, world.provider.company.id)
    const provider = link(client, token)
    const [document] = (await provider.show()).body().data.documents
    ;(await provider.upload(document.id)).assertStatus(200)

    const onboarding = await Onboarding.query().where('contract_id', id).firstOrFail()
    const reviewed = await owner
      .patch(`/onboardings/${onboarding.id}/documents/${document.id}/review`)
      .json({ status: 'validated' })
    reviewed.assertStatus(200)
    const uploads = (await owner.get(`/contracts/${id}/uploads`)).body().data
    assert.equal(uploads.providers[0].documents[0].status, 'approved')
    assert.isTrue(uploads.allApproved)
  })
})
