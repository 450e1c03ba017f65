import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import CompanyNotificationSetting from '#models/company_notification_setting'
import Notification from '#models/notification'
import NotificationPreference from '#models/notification_preference'
import { notify } from '#services/notifications/notifier'
import { companyWithOwner } from '#tests/support/tenancy'

interface Combo {
  mandatory: boolean
  typeActive: boolean
  channelAllowed: boolean
  userOn: boolean
}

const flags = [true, false]
const COMBOS: Combo[] = flags.flatMap((mandatory) =>
  flags.flatMap((typeActive) =>
    flags.flatMap((channelAllowed) =>
      flags.map((userOn) => ({ mandatory, typeActive, channelAllowed, userOn }))
    )
  )
)

test.group('Notifications / delivery rule', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test(
    'mandatory {mandatory}, type active {typeActive}, channel allowed {channelAllowed}, user on {userOn}'
  )
    .with(COMBOS)
    .run(async ({ assert }, combo) => {
      const { company, owner } = await companyWithOwner()
      const type = combo.mandatory ? 'system_alert' : 'contract_created'
      await CompanyNotificationSetting.create({
        companyId: company.id,
        allowedChannels: { platform: combo.channelAllowed },
        types: { [type]: combo.typeActive },
      })
      await NotificationPreference.create({
        userId: owner.id,
        companyId: company.id,
        channels: { platform: combo.userOn },
      })

      const [result] = await db.transaction((trx) =>
        notify(
          type,
          [{ userId: owner.id, companyId: company.id }],
          { title: 'Hello', message: 'World', scope: 'company' },
          { trx, channels: ['platform'] }
        )
      )

      const expected = combo.mandatory || (combo.typeActive && combo.channelAllowed && combo.userOn)
      assert.equal(result.channels[0].dispatched, expected)
      assert.lengthOf(await Notification.query().where('user_id', owner.id), expected ? 1 : 0)
    })

  test('the matrix covers all 16 combinations', ({ assert }) => {
    assert.lengthOf(new Set(COMBOS.map((combo) => JSON.stringify(combo))), 16)
  })
})
