import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import type { ApiClient } from '@japa/api-client'
import type Company from '#models/company'
import type User from '#models/user'
import { companyWithOwner } from '#tests/support/tenancy'
import { legalProvider, naturalProvider } from '#tests/support/hours'
import { as } from '#tests/support/http'
import { freezeClock } from '#tests/support/clock'

/**
 * The team reads the counterpart's name and search text from
 * copies kept on the link (contract_parts.link_name / link_search) and
 * its totals from company_link_counters. These prove the copies follow
 * the changes made elsewhere.
 */
async function teamSearch(client: ApiClient, owner: User, borrower: Company, search: string) {
  const response = await as(client, owner, borrower).get(
    `/team?search=${encodeURIComponent(search)}`
  )
  response.assertStatus(200)
  return response.body().data.map((row: any) => row.contractPartId as string)
}

test.group('Team / the link keeps its counterpart in sync', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => freezeClock('2026-03-18T15:00:00.000Z'))

  test('a provider renamed through PUT /users/me is found under the new name only', async ({
    client,
    assert,
  }) => {
    const { company: borrower, owner } = await companyWithOwner()
    const ana = await naturalProvider(borrower)
    const beta = await legalProvider(borrower)
    const oldName = ana.user.name

    for (const [user, name] of [
      [ana.user, 'Anastácia Novonome'],
      [beta.owner, 'Bartolomeu Representante'],
    ] as const) {
      const renamed = await client
        .put('/api/v1/users/me')
        .json({ name, cpf: user.cpf })
        .loginAs(user)
      renamed.assertStatus(200)
    }

    assert.deepEqual(await teamSearch(client, owner, borrower, 'novonome'), [ana.part.id])
    assert.deepEqual(await teamSearch(client, owner, borrower, 'bartolomeu'), [beta.part.id])
    assert.deepEqual(await teamSearch(client, owner, borrower, oldName), [])
  })

  test('a renamed provider company is found and sorted under its new name', async ({
    client,
    assert,
  }) => {
    const { company: borrower, owner } = await companyWithOwner()
    const alfa = await legalProvider(borrower)
    const beta = await legalProvider(borrower)
    await alfa.company.merge({ name: 'Alfa Serviços Ltda', tradeName: 'Alfinha' }).save()
    await beta.company.merge({ name: 'Beta Obras Ltda' }).save()
    assert.deepEqual(await teamSearch(client, owner, borrower, 'ltda'), [
      alfa.part.id,
      beta.part.id,
    ])

    /** No endpoint renames a company today; any writer (SQL included) is followed */
    await alfa.company.merge({ name: 'Zulu Serviços Ltda', tradeName: 'Zulinha' }).save()

    assert.deepEqual(await teamSearch(client, owner, borrower, 'ltda'), [
      beta.part.id,
      alfa.part.id,
    ])
    assert.deepEqual(await teamSearch(client, owner, borrower, 'zulinha'), [alfa.part.id])
    assert.deepEqual(await teamSearch(client, owner, borrower, 'alfinha'), [])
  })

  test('a deleted account is no longer found by its old e-mail', async ({ client, assert }) => {
    const { company: borrower, owner } = await companyWithOwner()
    const ana = await naturalProvider(borrower)
    assert.deepEqual(await teamSearch(client, owner, borrower, ana.user.email), [ana.part.id])

    const deleted = await client.delete('/api/v1/users/me/delete').loginAs(ana.user)
    deleted.assertStatus(204)

    assert.deepEqual(await teamSearch(client, owner, borrower, ana.user.email), [])
  })

  test('the totals follow links added, deactivated, removed and deleted contracts', async ({
    client,
    assert,
  }) => {
    const { company: borrower, owner } = await companyWithOwner()
    const ana = await naturalProvider(borrower)
    const beta = await legalProvider(borrower)
    const carla = await naturalProvider(borrower)
    await naturalProvider(borrower, { isActive: false })
    const totals = async () => {
      const counts: number[] = []
      for (const status of ['', '&status=active', '&status=inactive']) {
        const response = await as(client, owner, borrower).get(`/team?page=1${status}`)
        counts.push(response.body().meta.total)
      }
      return counts
    }
    assert.deepEqual(await totals(), [4, 3, 1])

    const toggled = await as(client, owner, borrower)
      .patch(`/team/${ana.part.id}/active`)
      .json({ isActive: false })
    toggled.assertStatus(200)
    assert.deepEqual(await totals(), [4, 2, 2])

    const removed = await as(client, owner, borrower).delete(`/team/${beta.company.id}`)
    removed.assertStatus(204)
    assert.deepEqual(await totals(), [3, 1, 2])

    const deleted = await as(client, owner, borrower).delete(`/contracts/${carla.contract.id}`)
    deleted.assertStatus(204)
    assert.deepEqual(await totals(), [2, 0, 2])
  })
})
