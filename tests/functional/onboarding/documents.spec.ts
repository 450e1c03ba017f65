import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import OnboardingDocument from '#models/onboarding_document'
import onboardingFiles from '#services/onboarding/file_storage'
import type { OnboardingDocumentStatus } from '#support/onboarding'
import {
  fileBytes,
  onboardingScenario,
  onboardingUrl,
  tmpFile,
  type OnboardingScenario,
} from '#tests/support/onboarding'

const uploadUrl = (s: OnboardingScenario, documentId: string) =>
  onboardingUrl(s.token, `/documents/${documentId}/upload`)
const fileUrl = (s: OnboardingScenario, documentId: string) =>
  onboardingUrl(s.token, `/documents/${documentId}/file`)

/** The PDF document (required, pdf only, 1 MB) and the image one (png/jpg, 2 KB) */
const pdfDocument = (s: OnboardingScenario) => s.onboarding.documents[0]
const imageDocument = (s: OnboardingScenario) => s.onboarding.documents[1]

/** Puts a document in a state with a real file in Drive */
async function withFile(document: OnboardingDocument, status: OnboardingDocumentStatus) {
  const key = onboardingFiles.keyFor(document.onboardingId, document.id, 'seeded', 'pdf')
  await onboardingFiles.put(key, fileBytes.pdf())
  await OnboardingDocument.query()
    .where('id', document.id)
    .update({
      status,
      file_path: key,
      file_name: 'seeded.pdf',
      file_size: 10,
      uploaded_at: new Date(),
      rejection_reason: status === 'rejected' ? 'Ilegível' : null,
    })
  return key
}

async function assertUnchanged(assert: any, document: OnboardingDocument) {
  const fresh = await OnboardingDocument.findOrFail(document.id)
  assert.equal(fresh.status, 'waiting')
  assert.isNull(fresh.filePath)
}

test.group('Onboarding / documents (A2, A3 and the state table)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => limiter.clear(['memory']))

  test('waiting -> upload -> uploaded: file stored privately, uploadedAt set', async ({
    client,
    assert,
  }) => {
    const s = await onboardingScenario()
    const document = pdfDocument(s)
    const response = await client
      .post(uploadUrl(s, document.id))
      .bearerToken(s.token)
      .file('file', await tmpFile('contrato.pdf', fileBytes.pdf()))

    response.assertStatus(200)
    const result = response.body().data
    assert.equal(result.documentId, document.id)
    assert.equal(result.status, 'uploaded')
    assert.equal(result.fileName, 'contrato.pdf')
    assert.include(result.fileUrl, 'signature=')

    const fresh = await OnboardingDocument.findOrFail(document.id)
    assert.equal(fresh.status, 'uploaded')
    assert.isNotNull(fresh.uploadedAt)
    assert.equal(fresh.fileSize, fileBytes.pdf().length)
    assert.isTrue(await onboardingFiles.exists(fresh.filePath!))

    const signed = await fetch(result.fileUrl)
    assert.equal(signed.status, 200)
    assert.equal(Buffer.from(await signed.arrayBuffer()).toString(), fileBytes.pdf().toString())
  })

  test('rejected -> upload again -> uploaded; the old file is deleted', async ({
    client,
    assert,
  }) => {
    const s = await onboardingScenario()
    const document = pdfDocument(s)
    const oldKey = await withFile(document, 'rejected')

    const response = await client
      .post(uploadUrl(s, document.id))
      .bearerToken(s.token)
      .file('file', await tmpFile('novo.PDF', fileBytes.pdf()))
    response.assertStatus(200)

    const fresh = await OnboardingDocument.findOrFail(document.id)
    assert.equal(fresh.status, 'uploaded')
    assert.isNull(fresh.rejectionReason)
    assert.equal(fresh.fileName, 'novo.PDF')
    assert.isFalse(await onboardingFiles.exists(oldKey))
  })

  test('a PNG is accepted for a png/jpg document', async ({ client }) => {
    const s = await onboardingScenario()
    const response = await client
      .post(uploadUrl(s, imageDocument(s).id))
      .bearerToken(s.token)
      .file('file', await tmpFile('logo.png', fileBytes.png()))
    response.assertStatus(200)
    response.assertBodyContains({ data: { status: 'uploaded' } })
  })

  test('uploaded and validated documents cannot be uploaded again (409)', async ({
    client,
    assert,
  }) => {
    for (const [status, message] of [
      ['uploaded', 'Documento já enviado, aguardando validação'],
      ['validated', 'Documento já validado'],
    ] as const) {
      const s = await onboardingScenario()
      const key = await withFile(pdfDocument(s), status)
      const response = await client
        .post(uploadUrl(s, pdfDocument(s).id))
        .bearerToken(s.token)
        .file('file', await tmpFile('contrato.pdf', fileBytes.pdf()))
      response.assertStatus(409)
      response.assertBodyContains({ message })
      const fresh = await OnboardingDocument.findOrFail(pdfDocument(s).id)
      assert.equal(fresh.status, status)
      assert.equal(fresh.filePath, key)
    }
  })

  test('waiting -> remove -> waiting', async ({ client }) => {
    const s = await onboardingScenario()
    const response = await client.delete(fileUrl(s, pdfDocument(s).id)).bearerToken(s.token)
    response.assertStatus(200)
    response.assertBody({ data: { documentId: pdfDocument(s).id, status: 'waiting' } })
  })

  test('rejected -> remove -> waiting; the file is deleted from Drive', async ({
    client,
    assert,
  }) => {
    const s = await onboardingScenario()
    const key = await withFile(pdfDocument(s), 'rejected')
    const response = await client.delete(fileUrl(s, pdfDocument(s).id)).bearerToken(s.token)
    response.assertStatus(200)
    response.assertBody({ data: { documentId: pdfDocument(s).id, status: 'waiting' } })

    const fresh = await OnboardingDocument.findOrFail(pdfDocument(s).id)
    assert.isNull(fresh.filePath)
    assert.isNull(fresh.rejectionReason)
    assert.isFalse(await onboardingFiles.exists(key))
  })

  test('uploaded and validated files cannot be removed (409)', async ({ client, assert }) => {
    for (const status of ['uploaded', 'validated'] as const) {
      const s = await onboardingScenario()
      const key = await withFile(pdfDocument(s), status)
      const response = await client.delete(fileUrl(s, pdfDocument(s).id)).bearerToken(s.token)
      response.assertStatus(409)
      response.assertBodyContains({ message: 'Arquivo em validação não pode ser removido' })
      assert.isTrue(await onboardingFiles.exists(key))
      assert.equal((await OnboardingDocument.findOrFail(pdfDocument(s).id)).status, status)
    }
  })

  test('a request without the file field is 400', async ({ client, assert }) => {
    const s = await onboardingScenario()
    const response = await client
      .post(uploadUrl(s, pdfDocument(s).id))
      .bearerToken(s.token)
      .field('other', 'value')
    response.assertStatus(400)
    response.assertBodyContains({ message: 'Arquivo não enviado no campo file' })
    await assertUnchanged(assert, pdfDocument(s))
  })

  test('two files are 400', async ({ client, assert }) => {
    const s = await onboardingScenario()
    const response = await client
      .post(uploadUrl(s, pdfDocument(s).id))
      .bearerToken(s.token)
      .file('file', await tmpFile('a.pdf', fileBytes.pdf()))
      .file('file', await tmpFile('b.pdf', fileBytes.pdf()))
    response.assertStatus(400)
    response.assertBodyContains({ message: 'Envie apenas um arquivo' })
    await assertUnchanged(assert, pdfDocument(s))
  })

  test('an empty file is 400', async ({ client, assert }) => {
    const s = await onboardingScenario()
    const response = await client
      .post(uploadUrl(s, pdfDocument(s).id))
      .bearerToken(s.token)
      .file('file', await tmpFile('empty.pdf', fileBytes.empty()))
    response.assertStatus(400)
    response.assertBodyContains({ message: 'Arquivo vazio' })
    await assertUnchanged(assert, pdfDocument(s))
  })

  test('an extension not accepted is 400 Formato de arquivo não aceito', async ({
    client,
    assert,
  }) => {
    const s = await onboardingScenario()
    const response = await client
      .post(uploadUrl(s, pdfDocument(s).id))
      .bearerToken(s.token)
      .file('file', await tmpFile('logo.png', fileBytes.png()))
    response.assertStatus(400)
    response.assertBodyContains({ message: 'Formato de arquivo não aceito' })
    await assertUnchanged(assert, pdfDocument(s))
  })

  test('bytes that do not match the extension are 400', async ({ client, assert }) => {
    const s = await onboardingScenario()
    for (const [name, bytes] of [
      ['fake.pdf', fileBytes.png()],
      ['fake.pdf', Buffer.from('just some text, not a pdf')],
    ] as const) {
      const response = await client
        .post(uploadUrl(s, pdfDocument(s).id))
        .bearerToken(s.token)
        .file('file', await tmpFile(name, bytes))
      response.assertStatus(400)
      response.assertBodyContains({ message: 'Formato de arquivo não aceito' })
    }
    const jpg = await client
      .post(uploadUrl(s, imageDocument(s).id))
      .bearerToken(s.token)
      .file('file', await tmpFile('logo.jpg', fileBytes.png()))
    jpg.assertStatus(400)
    await assertUnchanged(assert, pdfDocument(s))
    await assertUnchanged(assert, imageDocument(s))
  })

  test('a file over maxFileSize (bytes) is 400 Arquivo excede o tamanho máximo', async ({
    client,
    assert,
  }) => {
    const s = await onboardingScenario()
    await OnboardingDocument.query().where('id', pdfDocument(s).id).update({ max_file_size: 1000 })
    const response = await client
      .post(uploadUrl(s, pdfDocument(s).id))
      .bearerToken(s.token)
      .file('file', await tmpFile('big.pdf', fileBytes.pdfOfSize(1001)))
    response.assertStatus(400)
    response.assertBodyContains({ message: 'Arquivo excede o tamanho máximo' })
    await assertUnchanged(assert, pdfDocument(s))
  })

  test('a document id that is not a UUID is 404', async ({ client }) => {
    const s = await onboardingScenario()
    const upload = await client
      .post(uploadUrl(s, 'not-a-uuid'))
      .bearerToken(s.token)
      .file('file', await tmpFile('contrato.pdf', fileBytes.pdf()))
    upload.assertStatus(404)
    const remove = await client.delete(fileUrl(s, 'not-a-uuid')).bearerToken(s.token)
    remove.assertStatus(404)
  })

  test('an unknown document id is 404', async ({ client }) => {
    const s = await onboardingScenario()
    const response = await client
      .post(uploadUrl(s, '00000000-0000-4000-8000-000000000000'))
      .bearerToken(s.token)
      .file('file', await tmpFile('contrato.pdf', fileBytes.pdf()))
    response.assertStatus(404)
    response.assertBodyContains({ message: 'Documento não encontrado' })
  })
})
