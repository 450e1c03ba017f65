import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import Workflow from '#models/workflow'
import ContractTemplate from '#models/contract_template'
import Notification from '#models/notification'
import { WorkflowFactory, ContractTemplateFactory } from '#database/factories/contract_factory'
import { NotificationFactory } from '#database/factories/notification_factory'
import { companyWithOwner } from '#tests/support/tenancy'
import { as } from '#tests/support/http'
import { freezeClock } from '#tests/support/clock'

/** A minute that cannot be the real time of a run */
const FROZEN = '2031-02-03T04:05:06.000Z'

/**
 * Time comes from the injected Clock (docs/decisions.md, Structure:
 * idioms): freezing it in a test governs what the actions stamp.
 */
test.group('Clock / the frozen clock governs the actions', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => freezeClock(FROZEN))

  test('soft deletes of workflows and templates are stamped with the clock', async ({
    client,
    assert,
  }) => {
    const { company, owner } = await companyWithOwner()
    const workflow = await WorkflowFactory.merge({ companyId: company.id }).create()
    const template = await ContractTemplateFactory.merge({ companyId: company.id }).create()
    const api = as(client, owner, company)
    ;(await api.delete(`/workflows/${workflow.id}`)).assertStatus(204)
    ;(await api.delete(`/templates/${template.id}`)).assertStatus(204)
    assert.equal((await Workflow.findOrFail(workflow.id)).deletedAt?.toUTC().toISO(), FROZEN)
    assert.equal(
      (await ContractTemplate.findOrFail(template.id)).deletedAt?.toUTC().toISO(),
      FROZEN
    )
  })

  test('reading a notification stamps readAt with the clock', async ({ client, assert }) => {
    const { company, owner } = await companyWithOwner()
    const notification = await NotificationFactory.merge({
      userId: owner.id,
      companyId: company.id,
    }).create()
    ;(
      await as(client, owner, company).patch(`/notifications/${notification.id}/read`)
    ).assertStatus(200)
    const read = await Notification.findOrFail(notification.id)
    assert.equal(read.readAt?.toUTC().toISO(), FROZEN)
  })
})
