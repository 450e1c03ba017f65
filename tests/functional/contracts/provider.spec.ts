import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import Contract from '#models/contract'
import ContractPart from '#models/contract_part'
import ContractDocumentRequirement from '#models/contract_document_requirement'
import { contractWorld, createContract } from '#tests/support/contracts'
import { cleanStorage, pdfBytes } from '#tests/support/files'
import { ContractFactory } from '#database/factories/contract_factory'
import { UserFactory } from '#database/factories/user_factory'
import { companyWithOwner, linkProvider, memberOf } from '#tests/support/tenancy'
import type Company from '#models/company'
import { as } from '#tests/support/http'

test.group('Contracts / provider views (B2, B3, B4)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('B4 lists the provider contracts with isActive from the part', async ({
    client,
    assert,
  }) => {
    const world = await contractWorld()
    const active = await createContract(client, world, { name: 'Ativo' })
    const old = await createContract(client, world, { name: 'Antigo' })
    const draft = await createContract(client, world, { name: 'Rascunho' })
    await createContract(client, world, {
      name: 'Sem Beta',
      parts: [{ userId: world.person.id }],
    })
    await Contract.query().whereIn('id', [active, old]).update({ status: 'active' })
    await Contract.query().where('id', old).update({ status: 'finished' })
    await ContractPart.query()
      .where('contract_id', old)
      .where('company_id', world.provider.company.id)
      .update({ isActive: false })

    /** Beta's owner acts in the borrower company with its provider membership */
    const response = await as(client, world.provider.owner, world.company).get('/contracts')
    response.assertStatus(200)
    const rows = response.body().data
    assert.sameMembers(
      rows.map((row: any) => row.name),
      ['Ativo', 'Antigo']
    )
    const activeRow = rows.find((row: any) => row.id === active)
    assert.deepInclude(activeRow, {
      isActive: true,
      borrowerName: world.company.name,
      borrowerCnpj: world.company.document,
      signedDocument: null,
      value: '12.000,00',
      contractType: 'MONTHLY',
    })
    assert.isFalse(rows.find((row: any) => row.id === old).isActive)
    assert.notInclude(
      rows.map((row: any) => row.id),
      draft
    )
    assert.equal(response.body().meta.total, 2)

    /** H1's filters apply to B4 too (search, status, progress) */
    const filtered = async (qs: string) => {
      const page = await as(client, world.provider.owner, world.company).get(`/contracts?${qs}`)
      page.assertStatus(200)
      return page.body().data.map((row: any) => row.name)
    }
    assert.deepEqual(await filtered('search=ANTI'), ['Antigo'])
    assert.deepEqual(await filtered('status=active,draft'), ['Ativo'])
    assert.deepEqual(await filtered('status=finished&search=ativo'), [])
    assert.sameMembers(await filtered('progress=40'), ['Ativo', 'Antigo'])

    const person = await as(client, world.person, world.company).get('/contracts')
    assert.equal(person.body().data.find((r: any) => r.id === active).hourlyRate, 150)
  })

  test('B2 / B3 show the provider documents and detail', async ({ client, assert, cleanup }) => {
    const world = await contractWorld()
    const id = await createContract(client, world)
    cleanup(() => cleanStorage(id))
    const document = await ContractDocumentRequirement.query()
      .where('contract_id', id)
      .where('is_download', false)
      .firstOrFail()
    const parts = await ContractPart.query().where('contract_id', id).where('role', 'PROVIDER')
    const api = as(client, world.owner, world.company)
    for (const part of parts) {
      ;(
        await api
          .post(`/contracts/${id}/documents/${document.id}/files`)
          .field('partId', part.id)
          .file('file', await pdfBytes(), { filename: `doc-${part.id}.pdf` })
      ).assertStatus(201)
    }
    await Contract.query().where('id', id).update({ status: 'provider' })

    const provider = as(client, world.provider.owner, world.company)
    const documents = await provider.get(`/contracts/${id}/documents`)
    documents.assertStatus(200)
    assert.lengthOf(documents.body().data, 1, 'only the provider own files')
    assert.deepInclude(documents.body().data[0], { name: 'Contrato social', status: 'pending' })

    const detail = await provider.get(`/contracts/${id}/provider/detail`)
    detail.assertStatus(200)
    assert.equal(detail.body().data.id, id)
    assert.lengthOf(detail.body().data.documents, 1)
  })

  test('B2 / B3: not a part or unpublished 404, borrower side 403, no token 401', async ({
    client,
  }) => {
    const world = await contractWorld()
    const id = await createContract(client, world)
    const stranger = await memberOf(world.company, 'provider')
    const provider = as(client, world.provider.owner, world.company)
    ;(await provider.get(`/contracts/${id}/documents`)).assertStatus(404)
    await Contract.query().where('id', id).update({ status: 'provider' })
    ;(await as(client, stranger, world.company).get(`/contracts/${id}/documents`)).assertStatus(404)
    ;(
      await as(client, stranger, world.company).get(`/contracts/${id}/provider/detail`)
    ).assertStatus(404)
    ;(await as(client, world.owner, world.company).get(`/contracts/${id}/documents`)).assertStatus(
      403
    )
    ;(
      await as(client, world.owner, world.company).get(`/contracts/${id}/provider/detail`)
    ).assertStatus(403)
    ;(await client.get(`/api/v1/contracts/${id}/documents`)).assertStatus(401)
    ;(await provider.get(`/contracts/bad-id/provider/detail`)).assertStatus(404)
    ;(await provider.get(`/contracts/${id}/provider/detail`)).assertStatus(200)
  })

  test('a provider of TWO borrowers sees only the x-company-id borrower contracts (B2-B4)', async ({
    client,
    assert,
  }) => {
    const person = await UserFactory.create()
    const entity = await companyWithOwner()
    const borrowers = [await companyWithOwner(), await companyWithOwner()]
    /** In each borrower: one contract with the person, one with the entity (through its owner) */
    const contractsOf = async (borrower: Company) => {
      await linkProvider(borrower, person)
      await linkProvider(borrower, entity.owner)
      const withPerson = await ContractFactory.apply('active')
        .merge({ companyId: borrower.id })
        .with('parts', 1, (part) => part.merge({ userId: person.id }))
        .create()
      const withEntity = await ContractFactory.merge({ companyId: borrower.id, status: 'signing' })
        .with('parts', 1, (part) => part.merge({ companyId: entity.company.id }))
        .create()
      return { withPerson: withPerson.id, withEntity: withEntity.id }
    }
    const a = await contractsOf(borrowers[0].company)
    const b = await contractsOf(borrowers[1].company)

    for (const [borrower, own, other] of [
      [borrowers[0].company, a, b],
      [borrowers[1].company, b, a],
    ] as const) {
      const asPerson = as(client, person, borrower)
      const asEntity = as(client, entity.owner, borrower)
      const list = await asPerson.get('/contracts')
      list.assertStatus(200)
      assert.deepEqual(
        list.body().data.map((row: { id: string }) => row.id),
        [own.withPerson]
      )
      assert.equal(list.body().data[0].borrowerName, borrower.name)
      const entityList = await asEntity.get('/contracts')
      assert.deepEqual(
        entityList.body().data.map((row: { id: string }) => row.id),
        [own.withEntity]
      )
      ;(await asPerson.get(`/contracts/${own.withPerson}/provider/detail`)).assertStatus(200)
      ;(await asEntity.get(`/contracts/${own.withEntity}/documents`)).assertStatus(200)
      for (const id of [other.withPerson, other.withEntity]) {
        const hidden = await asPerson.get(`/contracts/${id}/provider/detail`)
        hidden.assertStatus(404)
        assert.equal(hidden.body().message, 'Contrato não encontrado')
        ;(await asPerson.get(`/contracts/${id}/documents`)).assertStatus(404)
        ;(await asEntity.get(`/contracts/${id}/provider/detail`)).assertStatus(404)
      }
    }
  })

  test('B4 pages like H1: perPage 100 accepted, 101 refused', async ({ client, assert }) => {
    const world = await contractWorld()
    await ContractFactory.apply('active')
      .merge({ companyId: world.company.id })
      .with('parts', 1, (part) => part.merge({ userId: world.person.id }))
      .createMany(2)
    const api = as(client, world.person, world.company)
    const page = await api.get('/contracts?perPage=100')
    page.assertStatus(200)
    assert.equal(page.body().meta.perPage, 100)
    ;(await api.get('/contracts?perPage=101')).assertStatus(422)
    ;(await api.get('/contracts?perPage=0')).assertStatus(422)
    const one = await api.get('/contracts?perPage=1')
    one.assertStatus(200)
    assert.lengthOf(one.body().data, 1)
    assert.deepInclude(one.body().meta, { perPage: 1, total: 2 })
  })
})
