import { test } from '@japa/runner'
import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { MultipartFile } from '@adonisjs/core/bodyparser'
import FileStorageService from '#services/files/storage_service'
import { COMPLIANCE_UPLOAD_RULES, MAX_UPLOAD_BYTES } from '#support/compliance'

/** The compliance rules (C4) through the shared FileStorageService */
const checkUpload = (file: MultipartFile, formats: string[]) =>
  new FileStorageService().validate(file, { ...COMPLIANCE_UPLOAD_RULES, acceptedFormats: formats })

const OLE2 = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(504)])
const PDF = Buffer.from('%PDF-1.4\n%%EOF\n')

async function fakeFile(name: string, bytes: Buffer, size = bytes.length) {
  const dir = await mkdtemp(join(tmpdir(), 'upload-'))
  const tmpPath = join(dir, 'file')
  await writeFile(tmpPath, bytes)
  return { clientName: name, tmpPath, size } as MultipartFile
}

test.group('File storage / upload checks with the compliance rules', () => {
  test('doc and xls are OLE2 containers; pdf bytes must be a pdf', async ({ assert }) => {
    assert.equal((await checkUpload(await fakeFile('a.doc', OLE2), ['.doc'])).extension, 'doc')
    assert.equal((await checkUpload(await fakeFile('a.XLS', OLE2), ['.xls'])).extension, 'xls')
    await assert.rejects(async () => checkUpload(await fakeFile('a.doc', PDF), ['.doc']))
    await assert.rejects(async () => checkUpload(await fakeFile('a.pdf', OLE2), ['.pdf']))
    await assert.rejects(async () => checkUpload(await fakeFile('a.docx', OLE2), ['.docx']))
  })

  test('the extension must be accepted; empty and oversized files are refused', async ({
    assert,
  }) => {
    await assert.rejects(async () => checkUpload(await fakeFile('a.pdf', PDF), ['.png']))
    await assert.rejects(async () => checkUpload(await fakeFile('a', PDF), ['.pdf']))
    await assert.rejects(async () =>
      checkUpload(await fakeFile('a.pdf', Buffer.alloc(0)), ['.pdf'])
    )
    await assert.rejects(async () =>
      checkUpload(await fakeFile('a.pdf', PDF, MAX_UPLOAD_BYTES + 1), ['.pdf'])
    )
    assert.equal((await checkUpload(await fakeFile('a.pdf', PDF), ['.pdf'])).size, PDF.length)
  })
})
