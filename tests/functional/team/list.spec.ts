import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import User from '#models/user'
import { companyWithOwner, memberOf } from '#tests/support/tenancy'
import { entryOn, legalProvider, linkProvider, naturalProvider } from '#tests/support/hours'
import { freezeClock } from '#tests/support/clock'

test.group('Team / E1 list', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => freezeClock('2026-03-18T15:00:00.000Z'))

  test('lists legal entities and natural persons, one row per link, with totals', async ({
    client,
    assert,
  }) => {
    const { company: borrower, owner } = await companyWithOwner()
    const beta = await legalProvider(borrower, { contractName: 'Beta contract' })
    const ana = await naturalProvider(borrower)
    await linkProvider(borrower, { userId: ana.user.id }, { status: 'finished', isActive: false })
    await entryOn(ana.part, ana.user, '2026-03-16', [60, 30])
    await entryOn(ana.part, ana.user, '2026-03-02', [120])

    const response = await client
      .get('/api/v1/team')
      .header('x-company-id', borrower.id)
      .loginAs(owner)
    response.assertStatus(200)
    const body = response.body()
    assert.deepEqual(body.meta, { total: 3, page: 1, pageSize: 20, totalPages: 1 })

    const legal = body.data.find((row: any) => row.contractPartId === beta.part.id)
    assert.equal(legal.type, 'LEGAL_ENTITY')
    assert.equal(legal.userId, beta.owner.id)
    assert.equal(legal.user.id, beta.owner.id)
    assert.equal(legal.company.document, beta.company.document)
    assert.equal(legal.contractName, 'Beta contract')
    assert.isTrue(legal.hasActiveContract)
    assert.include(legal, { totalHoursWeek: 0, totalHoursMonth: 0, lastEntry: null })

    const natural = body.data.find((row: any) => row.contractPartId === ana.part.id)
    assert.equal(natural.type, 'NATURAL_PERSON')
    assert.isNull(natural.company)
    assert.isNull(natural.companyId)
    assert.include(natural, { totalHoursWeek: 1.5, totalHoursMonth: 3.5, lastEntry: '2026-03-16' })
    const closed = body.data.filter((row: any) => row.userId === ana.user.id && !row.isActive)
    assert.lengthOf(closed, 1)
    assert.isFalse(closed[0].hasActiveContract)
  })

  test('the last entry is the latest day, also when it predates the week and month', async ({
    client,
    assert,
  }) => {
    const { company: borrower, owner } = await companyWithOwner()
    const idle = await legalProvider(borrower)
    const busy = await naturalProvider(borrower)
    await entryOn(idle.part, idle.owner, '2026-01-20', [45])
    await entryOn(idle.part, idle.owner, '2025-12-02', [30])
    await entryOn(busy.part, busy.user, '2026-02-10', [60])
    await entryOn(busy.part, busy.user, '2026-03-17', [30])

    const list = async (path: string) => {
      const response = await client.get(path).header('x-company-id', borrower.id).loginAs(owner)
      response.assertStatus(200)
      return response.body().data as any[]
    }
    const team = await list('/api/v1/team')
    const providers = await list('/api/v1/providers')
    const idleRows = [
      team.find((row) => row.contractPartId === idle.part.id),
      providers.find((row) => row.id === idle.company.id),
    ]
    const busyRows = [
      team.find((row) => row.contractPartId === busy.part.id),
      providers.find((row) => row.id === busy.user.id),
    ]
    for (const row of idleRows) {
      assert.include(row, { totalHoursWeek: 0, totalHoursMonth: 0, lastEntry: '2026-01-20' })
    }
    for (const row of busyRows) {
      assert.include(row, { totalHoursWeek: 0.5, totalHoursMonth: 0.5, lastEntry: '2026-03-17' })
    }
  })

  test('search covers name, trade name, document, user name, e-mail and CPF', async ({
    client,
    assert,
  }) => {
    const { company: borrower, owner } = await companyWithOwner()
    const beta = await legalProvider(borrower)
    await beta.company.merge({ name: 'Zeta Engenharia Ltda', tradeName: 'Zetinha' }).save()
    await User.query().where('id', beta.owner.id).update({ name: 'Rodolfo Representante' })
    const ana = await naturalProvider(borrower)
    await ana.user.merge({ name: 'Ana Quintela', email: 'ana.quintela@example.test' }).save()
    await naturalProvider(borrower)

    const cnpj = beta.company.document
    const formatted = `${cnpj.slice(0, 2)}.${cnpj.slice(2, 5)}.${cnpj.slice(5, 8)}/${cnpj.slice(8, 12)}-${cnpj.slice(12)}`
    const cpf = ana.user.cpf!
    const cases: [string, string][] = [
      ['zeta eng', beta.part.id],
      ['ZETINHA', beta.part.id],
      [cnpj.slice(0, 8), beta.part.id],
      [formatted.slice(0, 10), beta.part.id],
      ['rodolfo', beta.part.id],
      ['quintela', ana.part.id],
      ['ana.quintela@example', ana.part.id],
      [`${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`, ana.part.id],
    ]
    for (const [search, partId] of cases) {
      const response = await client
        .get('/api/v1/team')
        .qs({ search })
        .header('x-company-id', borrower.id)
        .loginAs(owner)
      response.assertStatus(200)
      assert.deepEqual(
        response.body().data.map((row: any) => row.contractPartId),
        [partId],
        `search ${search}`
      )
    }
  })

  test('status filter and paging', async ({ client, assert }) => {
    const { company: borrower, owner } = await companyWithOwner()
    for (let index = 0; index < 3; index++) await naturalProvider(borrower)
    await naturalProvider(borrower, { isActive: false })

    const inactive = await client
      .get('/api/v1/team')
      .qs({ status: 'inactive' })
      .header('x-company-id', borrower.id)
      .loginAs(owner)
    assert.lengthOf(inactive.body().data, 1)
    assert.isFalse(inactive.body().data[0].isActive)

    const page = await client
      .get('/api/v1/team')
      .qs({ status: 'active', page: 2, pageSize: 2 })
      .header('x-company-id', borrower.id)
      .loginAs(owner)
    assert.lengthOf(page.body().data, 1)
    assert.deepEqual(page.body().meta, { total: 3, page: 2, pageSize: 2, totalPages: 2 })

    const beyond = await client
      .get('/api/v1/team')
      .qs({ page: 9 })
      .header('x-company-id', borrower.id)
      .loginAs(owner)
    assert.deepEqual(beyond.body().data, [])
    assert.equal(beyond.body().meta.total, 4)
  })

  test('other companies links are never listed', async ({ client, assert }) => {
    const { company: borrower, owner } = await companyWithOwner()
    const { company: other } = await companyWithOwner()
    await naturalProvider(other)
    const response = await client
      .get('/api/v1/team')
      .header('x-company-id', borrower.id)
      .loginAs(owner)
    assert.deepEqual(response.body().data, [])
  })

  test('bad filters get 422', async ({ client }) => {
    const { company: borrower, owner } = await companyWithOwner()
    for (const qs of [{ page: 0 }, { pageSize: 101 }, { status: 'archived' }, { pageSize: 'x' }]) {
      const response = await client
        .get('/api/v1/team')
        .qs(qs)
        .header('x-company-id', borrower.id)
        .loginAs(owner)
      response.assertStatus(422)
    }
  })

  test('a provider gets 403 and no token gets 401', async ({ client }) => {
    const { company: borrower } = await companyWithOwner()
    const provider = await memberOf(borrower, 'provider')
    const forbidden = await client
      .get('/api/v1/team')
      .header('x-company-id', borrower.id)
      .loginAs(provider)
    forbidden.assertStatus(403)
    const anonymous = await client.get('/api/v1/team').header('x-company-id', borrower.id)
    anonymous.assertStatus(401)
  })
})
