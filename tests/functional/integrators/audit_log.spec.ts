import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import PruneAuditLog from '#actions/integrators/prune_audit_log'
import app from '@adonisjs/core/services/app'
import { AUDITED_RESOURCES } from '#enums/audit'
import { contractWorld, createContract, fullPayload } from '#tests/support/contracts'
import { companyWithOwner, memberOf } from '#tests/support/tenancy'
import { as } from '#tests/support/http'
import { createApiKey, withKey } from '#tests/support/api_keys'

interface Entry {
  id: string
  actor: { type: string; userId: string | null; apiKeyId: string | null; name: string | null }
  resource: string
  resourceId: string | null
  action: string
  operation: string | null
  fields: string[]
  ip: string | null
}

test.group('Integrators / audit log', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a write with a key shows the key as the actor, with the route and the IP', async ({
    client,
    assert,
  }) => {
    const world = await contractWorld()
    const key = await createApiKey(client, world.owner, world.company, ['contracts.manage'])
    const created = await withKey(client, key.secret).post('/contracts').json(fullPayload(world))
    created.assertStatus(201)
    const contractId = created.body().data.id

    const log = await as(client, world.owner, world.company)
      .get('/audit-log')
      .qs({ resource: 'contracts' })
    log.assertStatus(200)
    const entry = (log.body().data as Entry[]).find((row) => row.resourceId === contractId)!
    assert.deepInclude(entry, {
      resource: 'contracts',
      action: 'create',
      operation: 'contracts.store',
    })
    assert.equal(entry.actor.type, 'api_key')
    assert.equal(entry.actor.apiKeyId, key.id)
    assert.equal(entry.actor.name, 'API key: ERP')
    assert.isNull(entry.actor.userId)
    assert.include(entry.fields, 'name')
    assert.isString(entry.ip)

    /* The key's own creation was recorded too, with its creator as actor, no secret in sight */
    const keys = await as(client, world.owner, world.company)
      .get('/audit-log')
      .qs({ resource: 'api_keys' })
    const creation = (keys.body().data as Entry[]).find((row) => row.resourceId === key.id)!
    assert.deepInclude(creation.actor, { type: 'user', userId: world.owner.id })
    assert.notInclude(JSON.stringify(keys.body()), key.secret)
  })

  test('an update names the changed fields and its route; a delete is recorded', async ({
    client,
    assert,
  }) => {
    const world = await contractWorld()
    const api = as(client, world.owner, world.company)
    const id = await createContract(client, world)
    ;(await api.patch(`/contracts/${id}/cancel`).json({})).assertStatus(200)
    const log = await api.get('/audit-log').qs({ resource: 'contracts' })
    const update = (log.body().data as Entry[]).find(
      (row) => row.resourceId === id && row.action === 'update'
    )!
    assert.equal(update.operation, 'contracts.cancel')
    assert.include(update.fields, 'status')
    assert.notInclude(update.fields, 'updated_at')

    const other = await createContract(client, world, { name: 'Rascunho' })
    ;(await api.delete(`/contracts/${other}`)).assertStatus(204)
    const after = await api.get('/audit-log').qs({ resource: 'contracts' })
    const removed = (after.body().data as Entry[]).find(
      (row) => row.resourceId === other && row.action === 'delete'
    )
    assert.equal(removed?.operation, 'contracts.destroy')
  })

  test('filters by actor, resource and period, pages by cursor', async ({ client, assert }) => {
    const world = await contractWorld()
    const admin = await memberOf(world.company, 'admin')
    await createContract(client, world)
    await createContract(client, world, { name: 'Segundo' })
    const api = as(client, admin, world.company)
    ;(
      await api.post('/api-keys').json({ name: 'BI', permissions: ['contracts.view'] })
    ).assertStatus(201)

    const byAdmin = await as(client, world.owner, world.company)
      .get('/audit-log')
      .qs({ actor: admin.id })
    assert.isNotEmpty(byAdmin.body().data)
    for (const row of byAdmin.body().data as Entry[]) assert.equal(row.actor.userId, admin.id)

    const first = await api.get('/audit-log').qs({ resource: 'contracts', limit: 1 })
    assert.lengthOf(first.body().data, 1)
    assert.isString(first.body().meta.nextCursor)
    const second = await api
      .get('/audit-log')
      .qs({ resource: 'contracts', limit: 1, cursor: first.body().meta.nextCursor })
    assert.lengthOf(second.body().data, 1)
    assert.isBelow(Number(second.body().data[0].id), Number(first.body().data[0].id))

    const past = await api.get('/audit-log').qs({ to: '2001-01-01T00:00:00Z' })
    assert.lengthOf(past.body().data, 0)
    const all = await api.get('/audit-log').qs({ from: '2001-01-01T00:00:00Z', limit: 100 })
    assert.isAbove(all.body().data.length, 2)
  })

  test('bad filters are 422; another company sees nothing; a borrower or a key is 403', async ({
    client,
    assert,
  }) => {
    const world = await contractWorld()
    await createContract(client, world)
    const api = as(client, world.owner, world.company)
    for (const qs of [
      { actor: 'me' },
      { resource: 'users' },
      { from: 'yesterday' },
      { cursor: '0' },
      { limit: 101 },
    ]) {
      const response = await api.get('/audit-log').qs(qs)
      response.assertStatus(422)
    }
    const other = await companyWithOwner()
    const foreign = await as(client, other.owner, other.company).get('/audit-log')
    foreign.assertStatus(200)
    assert.lengthOf(foreign.body().data, 0)

    const borrower = await memberOf(world.company, 'borrower')
    ;(await as(client, borrower, world.company).get('/audit-log')).assertStatus(403)
    const key = await createApiKey(client, world.owner, world.company, ['contracts.view'])
    ;(await withKey(client, key.secret).get('/audit-log')).assertStatus(403)
  })

  test('the log is append-only; only the retention prune deletes, past the period', async ({
    client,
    assert,
  }) => {
    const world = await contractWorld()
    await createContract(client, world)
    const count = async () => Number((await db.from('audit_log').count('* as n'))[0].n)
    const before = await count()
    assert.isAbove(before, 0)
    await assert.rejects(
      () => db.transaction((trx) => trx.rawQuery(`UPDATE audit_log SET action = 'x'`)),
      /append-only/
    )
    await assert.rejects(
      () => db.transaction((trx) => trx.rawQuery('DELETE FROM audit_log')),
      /append-only/
    )
    assert.equal(await count(), before)

    const prune = await app.container.make(PruneAuditLog)
    assert.equal((await prune.handle({ days: 1 })).audit, 0, 'recent entries are kept')
    /* Entries older than the period: the log as it will look in 400 days */
    const { freezeClock, restoreClock } = await import('#tests/support/clock')
    freezeClock(DateTime.utc().plus({ days: 400 }).toISO()!)
    try {
      const later = await app.container.make(PruneAuditLog)
      assert.equal((await later.handle({ days: 365 })).audit, before)
    } finally {
      restoreClock()
    }
    assert.equal(await count(), 0)
  })

  test('every audited resource has its trigger', async ({ assert }) => {
    const { rows } = await db.rawQuery(
      `SELECT c.relname FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
        WHERE t.tgname = c.relname || '_audit'`
    )
    assert.sameMembers(
      rows.map((row: { relname: string }) => row.relname),
      [...AUDITED_RESOURCES]
    )
  })
})
