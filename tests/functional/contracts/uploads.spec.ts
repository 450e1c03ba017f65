import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import drive from '@adonisjs/drive/services/main'
import env from '#start/env'
import ContractHistory from '#models/contract_history'
import ContractUploadedFile from '#models/contract_uploaded_file'
import ContractDocumentRequirement from '#models/contract_document_requirement'
import ContractPart from '#models/contract_part'
import Contract from '#models/contract'
import { contractWorld, createContract, type ContractWorld } from '#tests/support/contracts'
import { PNG_BYTES, cleanStorage, pdfBytes } from '#tests/support/files'
import { memberOf } from '#tests/support/tenancy'
import { as } from '#tests/support/http'

async function uploadTarget(client: any, world: ContractWorld) {
  const id = await createContract(client, world)
  const document = await ContractDocumentRequirement.query()
    .where('contract_id', id)
    .where('is_download', false)
    .firstOrFail()
  const part = await ContractPart.query()
    .where('contract_id', id)
    .where('company_id', world.provider.company.id)
    .firstOrFail()
  return { id, document, part }
}

test.group('Contracts / uploads (H6, H7, H10, H11)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('H6 stores a real file privately and H10 lists it with a signed URL', async ({
    client,
    assert,
    cleanup,
  }) => {
    const world = await contractWorld()
    const { id, document, part } = await uploadTarget(client, world)
    cleanup(() => cleanStorage(id))
    const api = as(client, world.owner, world.company)

    const response = await api
      .post(`/contracts/${id}/documents/${document.id}/files`)
      .field('partId', part.id)
      .file('file', await pdfBytes(), { filename: 'Contrato Social (Ação).PDF' })
    response.assertStatus(201)
    const uploaded = response.body().data
    assert.equal(uploaded.fileName, 'Contrato-Social-Acao-.pdf')
    assert.match(uploaded.fileUrl, /signature=/)
    const stored = await ContractUploadedFile.findOrFail(uploaded.id)
    assert.equal(stored.mimeType, 'application/pdf')
    assert.isTrue(await drive.use().exists(stored.filePath))
    assert.lengthOf(stored.sha256, 64)

    /** The signed URL serves the bytes (outside the OpenAPI-validated client) */
    const served = await fetch(`http://${env.get('HOST')}:${env.get('PORT')}${uploaded.fileUrl}`)
    assert.equal(served.status, 200)
    const tampered = uploaded.fileUrl.replace(/signature=[^&]+/, 'signature=forged')
    const refused = await fetch(`http://${env.get('HOST')}:${env.get('PORT')}${tampered}`)
    assert.notEqual(refused.status, 200)

    /** The detail lists it with a URL signed on each read, the second served from the cache */
    const urls: string[] = []
    for (let read = 0; read < 2; read++) {
      const detail = await api.get(`/contracts/${id}`)
      detail.assertStatus(200)
      const [file] = detail.body().data.uploadedFiles
      assert.equal(file.id, uploaded.id)
      assert.match(file.fileUrl, /signature=/)
      urls.push(file.fileUrl)
    }
    assert.notEqual(urls[1], urls[0], 'signed again: its expiry moved')

    const overview = await api.get(`/contracts/${id}/uploads`)
    overview.assertStatus(200)
    const { providers, allApproved } = overview.body().data
    assert.isFalse(allApproved)
    assert.lengthOf(providers, 2, 'only provider parts')
    const beta = providers.find((p: any) => p.provider.companyId === world.provider.company.id)
    assert.deepInclude(beta, { total: 1, approved: 0, rejected: 0 })
    assert.equal(beta.provider.type, 'LEGAL_ENTITY')
    assert.equal(beta.provider.user.id, world.provider.owner.id)
    assert.equal(beta.documents[0].status, 'pending')
    assert.equal(beta.documents[0].name, 'Contrato social')
  })

  test('H6 refuses bad files with 422 and stores nothing', async ({ client, assert, cleanup }) => {
    const world = await contractWorld()
    const { id, document, part } = await uploadTarget(client, world)
    cleanup(() => cleanStorage(id))
    const api = as(client, world.owner, world.company)
    const cases: [Buffer, string, string][] = [
      [PNG_BYTES, 'foto.png', 'Formato de arquivo não aceito'],
      [Buffer.alloc(0), 'vazio.pdf', 'O arquivo está vazio'],
      [
        Buffer.concat([await pdfBytes(), Buffer.alloc(1024 * 1024)]),
        'grande.pdf',
        'O arquivo excede o tamanho máximo permitido',
      ],
      [PNG_BYTES, 'disfarcado.pdf', 'O conteúdo do arquivo não corresponde à sua extensão'],
      [
        Buffer.from('%PDX not really a pdf'),
        'falso.pdf',
        'O conteúdo do arquivo não corresponde à sua extensão',
      ],
    ]
    for (const [bytes, filename, message] of cases) {
      const response = await api
        .post(`/contracts/${id}/documents/${document.id}/files`)
        .field('partId', part.id)
        .file('file', bytes, { filename })
      response.assertStatus(422)
      assert.equal(response.body().message, message, filename)
    }
    const missing = await api
      .post(`/contracts/${id}/documents/${document.id}/files`)
      .field('partId', part.id)
    missing.assertStatus(422)
    const badPart = await api
      .post(`/contracts/${id}/documents/${document.id}/files`)
      .field('partId', 'not-a-uuid')
      .file('file', await pdfBytes(), { filename: 'a.pdf' })
    badPart.assertStatus(422)
    assert.lengthOf(await ContractUploadedFile.query().where('contract_id', id), 0)
    assert.deepEqual(
      await drive
        .use()
        .listAll(`contracts/${id}`)
        .then((r) => [...r.objects]),
      []
    )
  })

  test('H11 rejects with a reason (422 without), approves with history; H7 removes', async ({
    client,
    assert,
    cleanup,
  }) => {
    const world = await contractWorld()
    const { id, document, part } = await uploadTarget(client, world)
    cleanup(() => cleanStorage(id))
    const api = as(client, world.owner, world.company)
    const upload = async () => {
      const response = await api
        .post(`/contracts/${id}/documents/${document.id}/files`)
        .field('partId', part.id)
        .file('file', await pdfBytes(), { filename: 'doc.pdf' })
      response.assertStatus(201)
      return response.body().data.id as string
    }
    const first = await upload()
    ;(
      await api.patch(`/contracts/${id}/documents/${first}/review`).json({ status: 'rejected' })
    ).assertStatus(422)
    ;(
      await api.patch(`/contracts/${id}/documents/${first}/review`).json({ status: 'maybe' })
    ).assertStatus(422)
    const rejected = await api
      .patch(`/contracts/${id}/documents/${first}/review`)
      .json({ status: 'rejected', reason: 'Ilegível' })
    rejected.assertStatus(200)
    assert.deepInclude(rejected.body().data, { status: 'rejected', rejectionReason: 'Ilegível' })

    const second = await upload()
    assert.equal(second, first, 'a rejected file is replaced in place')
    const approved = await api
      .patch(`/contracts/${id}/documents/${second}/review`)
      .json({ status: 'approved' })
    approved.assertStatus(200)
    assert.equal(approved.body().data.status, 'approved')
    const history = await ContractHistory.query()
      .where('contract_id', id)
      .where('type', 'DOCUMENT_APPROVED')
    assert.lengthOf(history, 1)

    const overview = await api.get(`/contracts/${id}/uploads`)
    const beta = overview.body().data.providers.find((p: any) => p.provider.companyId)
    assert.equal(beta.approved, 1)

    ;(await api.delete(`/contracts/${id}/documents/${document.id}/files/${second}`)).assertStatus(
      409
    )
    await ContractUploadedFile.query().where('id', second).update({ status: 'pending' })
    const path = (await ContractUploadedFile.findOrFail(second)).filePath
    ;(await api.delete(`/contracts/${id}/documents/${document.id}/files/${second}`)).assertStatus(
      204
    )
    assert.isFalse(await drive.use().exists(path))
    ;(await api.delete(`/contracts/${id}/documents/${document.id}/files/${second}`)).assertStatus(
      404
    )
  })

  test('uploads: another company 404, provider 403, no token 401, unknown ids 404', async ({
    client,
    cleanup,
  }) => {
    const world = await contractWorld()
    const { id, document, part } = await uploadTarget(client, world)
    cleanup(() => cleanStorage(id))
    const other = await contractWorld()
    const provider = await memberOf(world.company, 'provider')
    const foreign = as(client, other.owner, other.company)
    ;(
      await foreign
        .post(`/contracts/${id}/documents/${document.id}/files`)
        .field('partId', part.id)
        .file('file', await pdfBytes(), { filename: 'a.pdf' })
    ).assertStatus(404)
    ;(await foreign.get(`/contracts/${id}/uploads`)).assertStatus(404)
    ;(
      await foreign
        .patch(`/contracts/${id}/documents/${document.id}/review`)
        .json({ status: 'approved' })
    ).assertStatus(404)
    ;(await as(client, provider, world.company).get(`/contracts/${id}/uploads`)).assertStatus(403)
    ;(await client.get(`/api/v1/contracts/${id}/uploads`)).assertStatus(401)

    const api = as(client, world.owner, world.company)
    const otherId = await createContract(client, other)
    const otherDocument = await ContractDocumentRequirement.query()
      .where('contract_id', otherId)
      .firstOrFail()
    ;(
      await api
        .post(`/contracts/${id}/documents/${otherDocument.id}/files`)
        .field('partId', part.id)
        .file('file', await pdfBytes(), { filename: 'a.pdf' })
    ).assertStatus(404)
    ;(
      await api
        .patch(`/contracts/${id}/documents/${otherDocument.id}/review`)
        .json({ status: 'approved' })
    ).assertStatus(404)
    ;(await api.get('/contracts/not-a-uuid/uploads')).assertStatus(404)
    await Contract.query().where('id', id).update({ status: 'active' })
    ;(
      await api
        .post(`/contracts/${id}/documents/${document.id}/files`)
        .field('partId', part.id)
        .file('file', await pdfBytes(), { filename: 'a.pdf' })
    ).assertStatus(409)
  })
})
