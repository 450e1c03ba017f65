import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import emitter from '@adonisjs/core/services/emitter'
import Notification from '#models/notification'
import ContractHistory from '#models/contract_history'
import NotifyContractEvent from '#listeners/notify_contract_event'
import RecordContractHistory from '#listeners/record_contract_history'
import RecordContractWebhooks from '#listeners/record_contract_webhooks'
import { contractWorld, createContract } from '#tests/support/contracts'
import { cleanStorage } from '#tests/support/files'
import { as } from '#tests/support/http'
import { startWebhookReceiver } from '#tests/support/webhook_receiver'
import { queuedWebhooks, subscribeAll } from '#tests/support/webhook_events'

/**
 * A contract's change records one event, `contract:changed`, and its
 * history row, notifications (with e-mails) and contract.* webhooks all
 * hang off it: one PATCH /contracts/:id/status shows every effect, and
 * the same PATCH with the webhook listener taken off that event still
 * notifies but queues no webhook.
 */

type ListenerKey = [() => Promise<{ default: unknown }>, string]

/** The listeners of `contract:changed` in run order: [class, method] */
async function changeListeners() {
  const keys = [...(emitter.eventsListeners.get('contract:changed')?.keys() ?? [])]
  return Promise.all(
    (keys as unknown as ListenerKey[]).map(async (key) => ({
      key,
      listener: (await key[0]()).default,
      method: key[1],
    }))
  )
}

/** Takes listeners off `contract:changed` until the returned function puts all back in order */
async function withoutListener(listener: unknown) {
  const all = await changeListeners()
  const keys = all.map(({ key }) => key as any)
  for (const entry of all) {
    if (entry.listener === listener) emitter.off('contract:changed', entry.key as any)
  }
  return () => {
    for (const key of keys) emitter.off('contract:changed', key)
    for (const key of keys) emitter.on('contract:changed', key)
  }
}

/** The types of the webhook events queued for the endpoint, in delivery order */
const queued = async (endpointId: string) =>
  (await queuedWebhooks(endpointId)).map(([type]) => type)

const publishedRows = (contractId: string) =>
  Notification.query()
    .where('type', 'contract_published')
    .whereRaw(`activity->>'entityId' = ?`, [contractId])

const statusHistory = (contractId: string) =>
  ContractHistory.query().where('contract_id', contractId).where('type', 'STATUS_CHANGED')

test.group('Event notifications / one event path of a contract change', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('contract:changed runs history, then notifications, then webhooks', async ({ assert }) => {
    const listeners = await changeListeners()
    assert.deepEqual(
      listeners.map(({ listener, method }) => [listener, method]),
      [
        [RecordContractHistory, 'handle'],
        [NotifyContractEvent, 'changed'],
        [RecordContractWebhooks, 'handle'],
      ]
    )
  })

  test('one PATCH /status: one event gives history, notifications and webhooks', async ({
    client,
    assert,
    cleanup,
  }) => {
    const receiver = await startWebhookReceiver()
    cleanup(() => receiver.close())
    const world = await contractWorld()
    const id = await createContract(client, world)
    cleanup(() => cleanStorage(id))
    const endpointId = await subscribeAll(client, world, receiver.url)

    const changes: unknown[] = []
    const stop = emitter.onAny((name, data) => {
      if (name === 'contract:changed') changes.push(data)
    })
    cleanup(stop)
    const owner = as(client, world.owner, world.company)
    ;(await owner.patch(`/contracts/${id}/status`).json({ status: 'PUBLISHED' })).assertStatus(200)

    assert.lengthOf(changes, 1)
    assert.lengthOf(await statusHistory(id), 1)
    assert.lengthOf(await publishedRows(id), 2)
    const webhooks = await queued(endpointId)
    assert.deepEqual(webhooks, ['contract.status_changed', 'contract.published'])
  })

  test('without the webhook listener, the same PATCH notifies but queues no webhook', async ({
    client,
    assert,
    cleanup,
  }) => {
    const receiver = await startWebhookReceiver()
    cleanup(() => receiver.close())
    const world = await contractWorld()
    const id = await createContract(client, world)
    cleanup(() => cleanStorage(id))
    const endpointId = await subscribeAll(client, world, receiver.url)

    const restore = await withoutListener(RecordContractWebhooks)
    cleanup(restore)
    const owner = as(client, world.owner, world.company)
    ;(await owner.patch(`/contracts/${id}/status`).json({ status: 'PUBLISHED' })).assertStatus(200)
    assert.lengthOf(await statusHistory(id), 1)
    assert.lengthOf(await publishedRows(id), 2)
    assert.deepEqual(await queued(endpointId), [])

    restore()
    assert.lengthOf(await changeListeners(), 3)
    ;(await owner.patch(`/contracts/${id}/status`).json({ status: 'ARCHIVED' })).assertStatus(200)
    assert.deepEqual(await queued(endpointId), ['contract.status_changed'])
  })
})
