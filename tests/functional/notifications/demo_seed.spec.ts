import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import IndexSeeder from '#database/seeders/main/index_seeder'
import Company from '#models/company'
import User from '#models/user'
import { ACME_CNPJ } from '#database/seeders/demo/accounts'
import { as } from '#tests/support/http'

test.group('Notifications / demo data', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a dozen notifications for owner@acme.test, seeded once', async ({ client, assert }) => {
    await new IndexSeeder(db.connection()).run()
    await new IndexSeeder(db.connection()).run()

    const owner = await User.findByOrFail('email', 'owner@acme.test')
    const acme = await Company.findByOrFail('document', ACME_CNPJ)
    const response = await as(client, owner, acme).get('/notifications').qs({ perPage: 50 })
    response.assertStatus(200)
    const { data, total } = response.body().data
    assert.equal(total, 12)
    assert.includeMembers(
      [...new Set(data.map((n: { scope: string }) => n.scope))],
      ['company', 'contract', 'personal', 'role', 'action']
    )
    const unread = await as(client, owner, acme).get('/notifications/unread-count')
    assert.isAbove(unread.body().data.count, 0)
    assert.isBelow(unread.body().data.count, 12)
  })
})
