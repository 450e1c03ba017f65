import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import readCache from '#services/platform/read_cache'
import { readCacheLookups } from '#services/platform/metrics'
import CompanyMember from '#models/company_member'
import ComplianceFlow from '#models/compliance_flow'
import Contract from '#models/contract'
import User from '#models/user'
import { as } from '#tests/support/http'
import { companyWithOwner, memberOf } from '#tests/support/tenancy'
import { borrowerCompany, entryOn, legalProvider, naturalProvider } from '#tests/support/hours'
import { inboxOf } from '#tests/support/notifications'
import { attachedWorld, documentsStep } from '#tests/support/compliance'
import { freezeClock, restoreClock } from '#tests/support/clock'

/**
 * The hot lists are cached per process under the read versions of the
 * request (ReadCache). Each test reads a list (now cached), changes what it
 * prints the way the product does (or straight in SQL, as an operator
 * might) and reads it again: the change is always there.
 */
/** The cache hits counted so far for `read` */
async function hitsOf(read: string) {
  const { values } = await readCacheLookups.get()
  return values.find((v) => v.labels.read === read && v.labels.result === 'hit')?.value ?? 0
}

test.group('Read cache: a cached list shows every change', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.teardown(() => restoreClock())

  test('I1: a new notification and read-all show at once', async ({ client, assert }) => {
    const { company, owner } = await companyWithOwner()
    await inboxOf(owner, company, 2)
    const first = await as(client, owner, company).get('/notifications')
    assert.equal(first.body().data.total, 2)
    const again = await as(client, owner, company).get('/notifications')
    assert.deepEqual(again.body(), first.body(), 'the same body from the cache')

    await inboxOf(owner, company, 1)
    const added = await as(client, owner, company).get('/notifications')
    assert.equal(added.body().data.total, 3)

    await as(client, owner, company).patch('/notifications/read-all')
    const read = await as(client, owner, company).get('/notifications')
    assert.isTrue(read.body().data.data.every((item: { isRead: boolean }) => item.isRead))
  })

  test('I2: one read, a new notification and read-all show at once; another member has their own count', async ({
    client,
    assert,
  }) => {
    const { company, owner } = await companyWithOwner()
    const other = await memberOf(company, 'user')
    const count = async (user: User) =>
      (await as(client, user, company).get('/notifications/unread-count')).body().data.count
    const [first] = await inboxOf(owner, company, 2)
    assert.equal(await count(owner), 2)
    const hitsBefore = await hitsOf('unread-count')
    assert.equal(await count(owner), 2)
    assert.equal(await hitsOf('unread-count'), hitsBefore + 1, 'served from the cache')
    assert.equal(await count(other), 0)

    await as(client, owner, company).patch(`/notifications/${first.id}/read`)
    assert.equal(await count(owner), 1)
    await inboxOf(owner, company, 1)
    assert.equal(await count(owner), 2)
    await as(client, owner, company).patch('/notifications/read-all')
    assert.equal(await count(owner), 0)
  })

  test('I1: another member of the company never gets my inbox', async ({ client, assert }) => {
    const { company, owner } = await companyWithOwner()
    const other = await memberOf(company, 'user')
    await inboxOf(owner, company, 2)
    await as(client, owner, company).get('/notifications')
    const theirs = await as(client, other, company).get('/notifications')
    assert.equal(theirs.body().data.total, 0)
  })

  test('H1 and H2: a renamed contract shows on the list and the board', async ({
    client,
    assert,
  }) => {
    const { company, owner } = await borrowerCompany()
    const { contract } = await naturalProvider(company, { contractName: 'Antes' })
    const names = async () => {
      const list = await as(client, owner, company).get('/contracts')
      const board = await as(client, owner, company).get('/contracts/board')
      const cards = board.body().data.columns.flatMap((column: any) => column.contracts)
      return [list.body().data[0].name, cards[0].name]
    }
    assert.deepEqual(await names(), ['Antes', 'Antes'])
    await Contract.query().where('id', contract.id).update({ name: 'Depois' })
    assert.deepEqual(await names(), ['Depois', 'Depois'])
  })

  test('F and E1: hours, a renamed provider and a new owner show at once', async ({
    client,
    assert,
  }) => {
    freezeClock('2026-03-18T15:00:00Z')
    const { company, owner } = await borrowerCompany()
    const provider = await legalProvider(company)
    const person = await naturalProvider(company)
    const read = async () => {
      const providers = await as(client, owner, company).get('/providers')
      const team = await as(client, owner, company).get('/team')
      const byCompany = (item: any) => item.companyId === provider.company.id
      return {
        provider: providers.body().data.find(byCompany),
        person: providers.body().data.find((item: any) => item.id === person.user.id),
        member: team.body().data.find(byCompany),
      }
    }
    const before = await read()
    assert.equal(before.person.totalHoursMonth, 0)

    await entryOn(person.part, person.user, '2026-03-17', [90])
    await db.from('companies').where('id', provider.company.id).update({ name: 'Novo Nome Ltda' })
    const newOwner = await memberOf(provider.company, 'owner')
    await CompanyMember.query()
      .where('company_id', provider.company.id)
      .where('user_id', provider.owner.id)
      .delete()

    const after = await read()
    assert.equal(after.person.totalHoursMonth, 1.5)
    assert.equal(after.provider.name, 'Novo Nome Ltda')
    assert.equal(after.member.user.id, newOwner.id)
  })

  test('D1: a renamed flow shows at once', async ({ client, assert }) => {
    freezeClock('2026-03-18T15:00:00Z')
    const world = await attachedWorld(client, [documentsStep()], 'Plano antigo')
    const names = async () =>
      (await as(client, world.owner, world.borrower).get('/compliance-flows'))
        .body()
        .data.map((flow: { name: string }) => flow.name)
    assert.deepEqual(await names(), ['Plano antigo'])
    await ComplianceFlow.query().where('id', world.flow.id).update({ name: 'Plano novo' })
    assert.deepEqual(await names(), ['Plano novo'])
  })

  test('C1: a submission window opens on time; a membership removed drops its compliances', async ({
    client,
    assert,
  }) => {
    freezeClock('2026-03-18T15:00:00Z')
    const world = await attachedWorld(client, [
      documentsStep({ schedule: { frequency: 'monthly', dayStart: 20, dayEnd: 25 } }),
    ])
    const list = async () =>
      (await as(client, world.providerOwner, world.borrower).get('/provider-compliances')).body()
    const closed = await list()
    assert.isFalse(closed.data[0].steps[0].isSubmissionOpen)

    /* Same month (the same key): the cached body ends at the window's start */
    freezeClock('2026-03-20T03:00:00.001Z')
    const opened = await list()
    assert.isTrue(opened.data[0].steps[0].isSubmissionOpen)

    await CompanyMember.query()
      .where('company_id', world.providerCompany.id)
      .where('user_id', world.providerOwner.id)
      .delete()
    const gone = await list()
    assert.notInclude(
      gone.data.map((item: { providerId: string }) => item.providerId),
      world.providerCompany.id
    )
  })

  test('a list read again with nothing changed is served from the cache (it is on)', async ({
    client,
    assert,
  }) => {
    const { company, owner } = await companyWithOwner()
    const before = readCache.size.entries
    const first = await as(client, owner, company).get('/notifications')
    assert.equal(readCache.size.entries, before + 1, 'kept')
    const hitsBefore = await hitsOf('notifications')
    const again = await as(client, owner, company).get('/notifications')
    assert.deepEqual(again.body(), first.body())
    const hitsAfter = await hitsOf('notifications')
    assert.equal(hitsAfter, hitsBefore + 1, 'a hit')
  })

  test('an hours entry leaves the contract lists served from the cache, not the team lists', async ({
    client,
    assert,
  }) => {
    const { company, owner } = await borrowerCompany()
    const person = await naturalProvider(company)
    const reads = {
      'contracts': '/contracts',
      'contracts-board': '/contracts/board',
      'team': '/team',
    }
    const readAll = async () => {
      const hits: Record<string, number> = {}
      for (const [read, url] of Object.entries(reads)) {
        const before = await hitsOf(read)
        await as(client, owner, company)
          .get(url)
          .then((response) => response.assertStatus(200))
        hits[read] = (await hitsOf(read)) - before
      }
      return hits
    }
    await readAll()
    await entryOn(person.part, person.user, '2026-03-17', [90])
    assert.deepEqual(await readAll(), { 'contracts': 1, 'contracts-board': 1, 'team': 0 })
  })

  test('H5: a detail is served from the cache until its contract changes, not another', async ({
    client,
    assert,
  }) => {
    const { company, owner } = await borrowerCompany()
    const first = await naturalProvider(company)
    const second = await naturalProvider(company)
    const read = async () => {
      const before = await hitsOf('contract-detail')
      const response = await as(client, owner, company).get(`/contracts/${first.contract.id}`)
      response.assertStatus(200)
      return { name: response.body().data.name, hit: (await hitsOf('contract-detail')) - before }
    }
    const { name } = await read()
    assert.deepEqual(await read(), { name, hit: 1 })
    await Contract.query().where('id', second.contract.id).update({ name: 'Outro' })
    assert.deepEqual(await read(), { name, hit: 1 }, 'another contract changed')
    await Contract.query().where('id', first.contract.id).update({ name: 'Renomeado' })
    assert.deepEqual(await read(), { name: 'Renomeado', hit: 0 })
  })

  test('a list read without versions (no company context read) is not cached', async ({
    assert,
  }) => {
    const before = readCache.size.entries
    let reads = 0
    for (let i = 0; i < 2; i++) {
      await readCache.text('bypass|x', null, ['company'], async () => `${++reads}`)
    }
    assert.equal(reads, 2)
    assert.equal(readCache.size.entries, before)
  })

  test('a user renamed shows on the borrower lists that print them', async ({ client, assert }) => {
    const { company, owner } = await borrowerCompany()
    const person = await naturalProvider(company)
    const name = async () =>
      (await as(client, owner, company).get('/team'))
        .body()
        .data.find((item: any) => item.userId === person.user.id).user.name
    await name()
    await User.query().where('id', person.user.id).update({ name: 'Nome Trocado' })
    assert.equal(await name(), 'Nome Trocado')
  })
})
