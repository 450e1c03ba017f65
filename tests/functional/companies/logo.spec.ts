import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import drive from '@adonisjs/drive/services/main'
import Company from '#models/company'
import type User from '#models/user'
import IndexSeeder from '#database/seeders/main/index_seeder'
import { logoUrl } from '#services/files/logo_urls'
import { companyWithOwner, memberOf } from '#tests/support/tenancy'
import { legalProvider } from '#tests/support/hours'
import { createFlow, documentsStep } from '#tests/support/compliance'
import { PNG_BYTES, pdfBytes } from '#tests/support/files'
import { as } from '#tests/support/http'

/** Real magic numbers: file-type sniffs these as JPEG and WebP */
const JPEG_BYTES = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]),
  Buffer.alloc(64),
])
const WEBP_BYTES = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([0x24, 0, 0, 0]),
  Buffer.from('WEBPVP8 '),
  Buffer.alloc(32),
])
const GIF_BYTES = Buffer.from(
  'R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==',
  'base64'
)
const SVG = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'
const TWO_MB = 2 * 1024 * 1024

/** The path of a logo under its company, as the signed URL carries it */
const LOGO_URL = (companyId: string) =>
  new RegExp(
    `^https?://[^/]+/api/v1/files/companies/${companyId}/logo/[0-9a-f-]{36}\\.(png|jpg|webp)\\?signature=`
  )

function upload(client: ApiClient, user: User, company: Company, bytes: Buffer, name: string) {
  return as(client, user, company)
    .post(`/company/${company.id}/logo`)
    .file('file', bytes, { filename: name })
}

/** Uploads a PNG and returns the signed URL of the answer */
async function uploadPng(client: ApiClient, user: User, company: Company) {
  const response = await upload(client, user, company, PNG_BYTES, 'logo.png')
  response.assertStatus(200)
  return response.body().data.logo as string
}

async function storedLogos(companyId: string) {
  const { objects } = await drive.use().listAll(`companies/${companyId}/logo`, { recursive: true })
  return [...objects].map((object) => ('key' in object ? object.key : object.prefix))
}

test.group('Company logo / POST and DELETE /company/:id/logo', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('an owner uploads a PNG: the company comes back with a signed URL serving the image', async ({
    client,
    assert,
    cleanup,
  }) => {
    const { company, owner } = await companyWithOwner()
    cleanup(() => drive.use().deleteAll(`companies/${company.id}`))

    const response = await upload(client, owner, company, PNG_BYTES, 'Logo Acme.PNG')
    response.assertStatus(200)
    assert.containSubset(response.body().data, { id: company.id, name: company.name })
    const url = response.body().data.logo
    assert.match(url, LOGO_URL(company.id))

    const stored = await Company.findOrFail(company.id)
    assert.match(stored.logo!, new RegExp(`^companies/${company.id}/logo/[0-9a-f-]{36}\\.png$`))
    assert.deepEqual(await storedLogos(company.id), [stored.logo])

    const served = await fetch(url)
    assert.equal(served.status, 200)
    assert.equal(served.headers.get('content-type'), 'image/png')
    assert.equal(served.headers.get('x-content-type-options'), 'nosniff')
    assert.deepEqual(Buffer.from(await served.arrayBuffer()), PNG_BYTES)
  })

  test('JPEG and WebP are accepted too, served with their image type', async ({
    client,
    assert,
    cleanup,
  }) => {
    const { company } = await companyWithOwner()
    cleanup(() => drive.use().deleteAll(`companies/${company.id}`))
    const admin = await memberOf(company, 'admin')
    for (const [bytes, name, type] of [
      [JPEG_BYTES, 'logo.jpeg', 'image/jpeg'],
      [WEBP_BYTES, 'logo.webp', 'image/webp'],
    ] as const) {
      const response = await upload(client, admin, company, bytes, name)
      response.assertStatus(200)
      const served = await fetch(response.body().data.logo)
      assert.equal(served.status, 200)
      assert.equal(served.headers.get('content-type'), type)
    }
  })

  test('an expired or tampered logo URL is refused', async ({ client, assert, cleanup }) => {
    const { company, owner } = await companyWithOwner()
    const other = await companyWithOwner()
    cleanup(() => drive.use().deleteAll(`companies/${company.id}`))
    const url = await uploadPng(client, owner, company)
    const { logo: key } = await Company.findOrFail(company.id)

    /** Signed as if two hours ago: its 30-minute life is over */
    const realNow = Date.now
    Date.now = () => realNow() - 2 * 60 * 60 * 1000
    let expired: string | null
    try {
      expired = await logoUrl(key)
    } finally {
      Date.now = realNow
    }
    assert.notEqual(expired, url)
    assert.equal((await fetch(expired!)).status, 401)

    const signature = new URL(url).searchParams.get('signature')!
    const flipped = signature.slice(0, -1) + (signature.endsWith('A') ? 'B' : 'A')
    const tampered = url.replace(signature, flipped)
    assert.equal((await fetch(tampered)).status, 401)

    /** The signature covers the path: it opens no other company's file */
    const elsewhere = url.replace(`companies/${company.id}/`, `companies/${other.company.id}/`)
    assert.equal((await fetch(elsewhere)).status, 401)
    assert.equal((await fetch(url.split('?')[0])).status, 401)
  })

  test('GET /company, the team, clients, B1, H10 and available providers rows show it signed', async ({
    client,
    assert,
    cleanup,
  }) => {
    const { company: borrower, owner } = await companyWithOwner()
    const provider = await legalProvider(borrower)
    cleanup(() => drive.use().deleteAll(`companies/${borrower.id}`))
    cleanup(() => drive.use().deleteAll(`companies/${provider.company.id}`))
    await uploadPng(client, owner, borrower)
    await uploadPng(client, provider.owner, provider.company)
    const asBorrower = as(client, owner, borrower)

    const companies = await asBorrower.get('/company')
    companies.assertStatus(200)
    assert.match(companies.body().data[0].logo, LOGO_URL(borrower.id))

    const team = await asBorrower.get('/team')
    team.assertStatus(200)
    assert.match(team.body().data[0].company.logo, LOGO_URL(provider.company.id))
    const member = await asBorrower.get(`/team/${provider.company.id}`)
    member.assertStatus(200)
    assert.match(member.body().member.company.logo, LOGO_URL(provider.company.id))

    const uploads = await asBorrower.get(`/contracts/${provider.contract.id}/uploads`)
    uploads.assertStatus(200)
    assert.match(
      uploads.body().data.providers[0].provider.company.logo,
      LOGO_URL(provider.company.id)
    )

    const flow = await createFlow(
      client,
      { borrower, owner },
      {
        name: 'Mensal',
        steps: [documentsStep()],
      }
    )
    const available = await asBorrower.get(`/compliance-flows/${flow.id}/available-providers`)
    available.assertStatus(200)
    assert.match(available.body().data[0].avatar, LOGO_URL(provider.company.id))

    const clients = await as(client, provider.owner, provider.company).get('/clients')
    clients.assertStatus(200)
    assert.match(clients.body().data[0].company.logo, LOGO_URL(borrower.id))

    const summary = await as(client, provider.owner, borrower).get(
      '/provider/active-contract/summary'
    )
    summary.assertStatus(200)
    assert.match(summary.body().avatar, LOGO_URL(borrower.id))

    const served = await fetch(team.body().data[0].company.logo)
    assert.equal(served.status, 200)
    assert.equal(served.headers.get('content-type'), 'image/png')
  })

  test('a legacy absolute URL in the logo column is shown as is', async ({ client, assert }) => {
    const { company: borrower, owner } = await companyWithOwner()
    const provider = await legalProvider(borrower)
    await provider.company.merge({ logo: 'https://cdn.example.test/beta.png' }).save()

    const team = await as(client, owner, borrower).get('/team')
    team.assertStatus(200)
    assert.equal(team.body().data[0].company.logo, 'https://cdn.example.test/beta.png')
    const companies = await as(client, provider.owner, provider.company).get('/company')
    assert.equal(companies.body().data[0].logo, 'https://cdn.example.test/beta.png')
  })

  test('a new logo replaces the old one, whose file is deleted; DELETE clears it', async ({
    client,
    assert,
    cleanup,
  }) => {
    const { company, owner } = await companyWithOwner()
    cleanup(() => drive.use().deleteAll(`companies/${company.id}`))
    const firstUrl = await uploadPng(client, owner, company)
    const { logo: first } = await Company.findOrFail(company.id)

    const second = await upload(client, owner, company, JPEG_BYTES, 'novo.jpg')
    second.assertStatus(200)
    const { logo: current } = await Company.findOrFail(company.id)
    assert.notEqual(current, first)
    assert.deepEqual(await storedLogos(company.id), [current])
    assert.equal((await fetch(firstUrl)).status, 404)

    const removed = await as(client, owner, company).delete(`/company/${company.id}/logo`)
    removed.assertStatus(204)
    assert.isNull((await Company.findOrFail(company.id)).logo)
    assert.deepEqual(await storedLogos(company.id), [])
    const companies = await as(client, owner, company).get('/company')
    assert.isNull(companies.body().data[0].logo)
    ;(await as(client, owner, company).delete(`/company/${company.id}/logo`)).assertStatus(204)
  })

  test('no file, empty, another type, bytes of another type or over 2 MB: 422, nothing changes', async ({
    client,
    assert,
    cleanup,
  }) => {
    const { company, owner } = await companyWithOwner()
    cleanup(() => drive.use().deleteAll(`companies/${company.id}`))
    await uploadPng(client, owner, company)
    const { logo: before } = await Company.findOrFail(company.id)

    const cases: [Buffer, string, string][] = [
      [Buffer.alloc(0), 'logo.png', 'O arquivo está vazio'],
      [GIF_BYTES, 'logo.gif', 'O logotipo deve ser uma imagem PNG, JPEG ou WebP'],
      [Buffer.from(SVG), 'logo.svg', 'O logotipo deve ser uma imagem PNG, JPEG ou WebP'],
      [await pdfBytes(), 'logo.png', 'O conteúdo do arquivo não corresponde à sua extensão'],
      [Buffer.from(SVG), 'logo.webp', 'O conteúdo do arquivo não corresponde à sua extensão'],
      [PNG_BYTES, 'logo', 'O logotipo deve ser uma imagem PNG, JPEG ou WebP'],
      [
        Buffer.concat([PNG_BYTES, Buffer.alloc(TWO_MB)]),
        'logo.png',
        'O arquivo excede o tamanho máximo permitido',
      ],
    ]
    for (const [bytes, name, message] of cases) {
      const response = await upload(client, owner, company, bytes, name)
      response.assertStatus(422)
      assert.equal(response.body().message, message, name)
    }
    const missing = await as(client, owner, company)
      .post(`/company/${company.id}/logo`)
      .field('logo', 'not a file')
    missing.assertStatus(422)
    missing.assertBodyContains({ message: 'O campo file é obrigatório' })
    const json = await as(client, owner, company).post(`/company/${company.id}/logo`).json({})
    json.assertStatus(422)

    assert.equal((await Company.findOrFail(company.id)).logo, before)
    assert.deepEqual(await storedLogos(company.id), [before])
  })

  test("another company's id is 404 and the wrong role 403; nothing is stored", async ({
    client,
    assert,
  }) => {
    const { company, owner } = await companyWithOwner()
    const other = await companyWithOwner()
    /** Owner of `company`, naming `other` in the path (its own context in the header) */
    const crossed = await as(client, owner, company)
      .post(`/company/${other.company.id}/logo`)
      .file('file', PNG_BYTES, { filename: 'logo.png' })
    crossed.assertStatus(404)
    ;(await as(client, owner, company).delete(`/company/${other.company.id}/logo`)).assertStatus(
      404
    )
    for (const role of ['borrower', 'user', 'provider'] as const) {
      const caller = await memberOf(company, role)
      ;(await upload(client, caller, company, PNG_BYTES, 'logo.png')).assertStatus(403)
      ;(await as(client, caller, company).delete(`/company/${company.id}/logo`)).assertStatus(403)
    }
    assert.isNull((await Company.findOrFail(company.id)).logo)
    assert.isNull((await Company.findOrFail(other.company.id)).logo)
    assert.deepEqual(await storedLogos(company.id), [])
    assert.deepEqual(await storedLogos(other.company.id), [])
  })

  test('the demo gives Acme a stored PNG logo, served through its signed URL', async ({
    client,
    assert,
    cleanup,
  }) => {
    await new IndexSeeder(db.connection()).run()
    const acme = await Company.findByOrFail('trade_name', 'Acme')
    cleanup(() => drive.use().deleteAll(`companies/${acme.id}`))
    assert.match(acme.logo!, new RegExp(`^companies/${acme.id}/logo/[0-9a-f-]{36}\\.png$`))

    const login = await client
      .post('/api/v1/auth/login')
      .json({ email: 'owner@acme.test', password: 'demo12345' })
    const companies = await client.get('/api/v1/company').bearerToken(login.body().data.accessToken)
    const url = companies.body().data.find((row: { id: string }) => row.id === acme.id).logo
    const served = await fetch(url)
    assert.equal(served.status, 200)
    assert.equal(served.headers.get('content-type'), 'image/png')
    assert.equal(
      Buffer.from(await served.arrayBuffer())
        .subarray(1, 4)
        .toString(),
      'PNG'
    )
  })
})
