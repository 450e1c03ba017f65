import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import emitter from '@adonisjs/core/services/emitter'
import { onboardingScenario } from '#tests/support/onboarding'
import { as } from '#tests/support/http'

test.group('Correctness / contract routes share one envelope', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => limiter.clear(['memory']))
  group.each.teardown(() => emitter.restore())

  test('H16 and H17 are wrapped in data like H9 on the same contract', async ({ client }) => {
    const s = await onboardingScenario()
    emitter.fake(['onboarding:sent'])
    const borrower = as(client, s.borrowerOwner, s.borrower)

    const sent = await borrower.post(
      `/contracts/${s.contractId}/providers/${s.providerId}/onboarding/send`
    )
    sent.assertStatus(200)
    sent.assertBody({ data: { success: true } })

    const started = await borrower.post(`/contracts/${s.contractId}/onboarding/start`)
    started.assertStatus(200)
    started.assertBody({ data: { success: true, providerCount: 1 } })

    const archived = await borrower
      .patch(`/contracts/${s.contractId}/status`)
      .json({ status: 'ARCHIVED' })
    archived.assertStatus(200)
    archived.assertBody({ data: { id: s.contractId, status: 'archived' } })
  })
})
