import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import type { ApiClient } from '@japa/api-client'
import type Company from '#models/company'
import type User from '#models/user'
import { UserFactory } from '#database/factories/user_factory'
import { companyWithOwner, linkProvider } from '#tests/support/tenancy'

/**
 * For a provider (whose context company is the
 * borrower it works for), `hasPendingInformation` looks at the provider's
 * own company onboarding, never the borrower's, which it cannot complete.
 */
const pending = async (client: ApiClient, user: User, context: Company) =>
  (await client.get('/api/v1/users/me').header('x-company-id', context.id).loginAs(user)).body()
    .data.hasPendingInformation as boolean

test.group('Correctness / hasPendingInformation of a provider', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('an incomplete borrower company does not make its provider pending', async ({
    client,
    assert,
  }) => {
    const { company: borrower } = await companyWithOwner()
    await borrower.merge({ phone: null }).save()
    const provider = await companyWithOwner()
    await linkProvider(borrower, provider.owner)
    assert.isFalse(await pending(client, provider.owner, borrower))

    const person = await UserFactory.create()
    await linkProvider(borrower, person)
    assert.isFalse(await pending(client, person, borrower))
  })

  test("the provider's own incomplete company makes it pending", async ({ client, assert }) => {
    const { company: borrower } = await companyWithOwner()
    const provider = await companyWithOwner()
    await linkProvider(borrower, provider.owner)
    await provider.company.merge({ email: null }).save()
    assert.isTrue(await pending(client, provider.owner, borrower))
  })
})
