import { test } from '@japa/runner'
import { blockedBy, type Gates } from '#services/notifications/delivery_rule'

const open: Gates = { companyTypes: {}, companyChannels: {}, userChannels: {} }

test.group('Delivery rule / blockedBy (spec I)', () => {
  test('open gates and flags saved as true block nothing', ({ assert }) => {
    assert.isNull(blockedBy('contract_created', 'email', open))
    assert.isNull(
      blockedBy('contract_created', 'email', {
        companyTypes: { contract_created: true },
        companyChannels: { email: true },
        userChannels: { email: true },
      })
    )
  })

  test('each gate gives its own reason, checked type -> company channel -> user', ({ assert }) => {
    const type = { ...open, companyTypes: { contract_created: false } }
    const channel = { ...open, companyChannels: { email: false } }
    const user = { ...open, userChannels: { email: false } }
    assert.equal(blockedBy('contract_created', 'email', type), 'type_disabled_by_company')
    assert.equal(blockedBy('contract_created', 'email', channel), 'channel_not_allowed_by_company')
    assert.equal(blockedBy('contract_created', 'email', user), 'channel_disabled_by_user')
    const all: Gates = {
      companyTypes: { contract_created: false },
      companyChannels: { email: false },
      userChannels: { email: false },
    }
    assert.equal(blockedBy('contract_created', 'email', all), 'type_disabled_by_company')
    assert.equal(
      blockedBy('contract_created', 'email', { ...all, companyTypes: {} }),
      'channel_not_allowed_by_company'
    )
  })

  test('a gate only concerns its own type and channel', ({ assert }) => {
    const gates: Gates = {
      companyTypes: { review_requested: false },
      companyChannels: { messenger: false },
      userChannels: { platform: false },
    }
    assert.isNull(blockedBy('contract_created', 'email', gates))
    assert.equal(blockedBy('review_requested', 'email', gates), 'type_disabled_by_company')
    assert.equal(
      blockedBy('contract_created', 'messenger', gates),
      'channel_not_allowed_by_company'
    )
    assert.equal(blockedBy('contract_created', 'platform', gates), 'channel_disabled_by_user')
  })

  test('a mandatory type passes every closed gate', ({ assert }) => {
    const closed: Gates = {
      companyTypes: { login_alert: false, contract_cancelled: false },
      companyChannels: { email: false, platform: false },
      userChannels: { email: false, platform: false },
    }
    for (const type of ['login_alert', 'system_alert', 'contract_cancelled']) {
      assert.isNull(blockedBy(type, 'email', closed), type)
      assert.isNull(blockedBy(type, 'platform', closed), type)
    }
  })
})
