import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import Delivery from '#models/delivery'
import { DeliveryWorker } from '#services/platform/delivery_worker'
import { recordWebhookEvent } from '#services/webhooks/events'
import WebhookUrlGuard from '#services/webhooks/url_guard'
import { guardedLookup } from '#support/outbound_address'
import { companyWithOwner } from '#tests/support/tenancy'
import { as } from '#tests/support/http'

const STRICT = { allowHttp: true, allowPrivate: false }

/**
 * The one refusal for a non-public host (literal or resolved): it names no
 * address. The 422 speaks the reader's language (pt-BR by default); the
 * delivery attempt records it in English; the error carries the key.
 */
const NOT_PUBLIC = 'O host da url deve resolver apenas para endereços públicos da internet'
const NOT_PUBLIC_EN = 'url host must resolve to public internet addresses only'

/** Every IPv6 form that embeds or reaches an IPv4 address, 127.0.0.1 / 10.0.0.1 inside */
const V4_IN_V6 = [
  '::ffff:7f00:1', // mapped
  '::ffff:0:7f00:1', // translated (SIIT)
  '::7f00:1', // IPv4-compatible
  '64:ff9b::7f00:1', // NAT64
  '64:ff9b:1::a00:1', // local-use NAT64
  '2002:7f00:1::', // 6to4 of 127.0.0.1
  '2002:a00:1::1', // 6to4 of 10.0.0.1
  '2001:0:4136:e378:8000:63bf:80ff:fffe', // Teredo (client 127.0.0.1, obfuscated)
  '::ffff:808:808', // mapped, even of a public IPv4: refused whole
]

test.group('Security / webhook address guard', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => {
    app.container.swap(WebhookUrlGuard, () => new WebhookUrlGuard(STRICT))
    return () => app.container.restore(WebhookUrlGuard)
  })

  test('every IPv6 form that embeds an IPv4 address is refused', async ({ client, assert }) => {
    const { company, owner } = await companyWithOwner()
    for (const address of V4_IN_V6) {
      const response = await as(client, owner, company)
        .post('/webhooks')
        .json({ url: `https://[${address}]/in`, events: ['*'] })
      assert.equal(response.status(), 422, address)
      assert.equal(response.body().message, NOT_PUBLIC, address)
    }
    const [{ total }] = await db
      .from('webhook_endpoints')
      .where('company_id', company.id)
      .count('* as total')
    assert.equal(Number(total), 0)
  })

  test('the refusal names no address: a private IP, a name resolving to one and a name resolving to nothing read the same', async ({
    client,
    assert,
  }) => {
    const { company, owner } = await companyWithOwner()
    const messages = new Set<string>()
    for (const url of [
      'https://10.1.2.3/in',
      'https://localhost/in',
      'https://[::1]/in',
      'https://no-such-host.invalid/in',
    ]) {
      const response = await as(client, owner, company)
        .post('/webhooks')
        .json({ url, events: ['*'] })
      response.assertStatus(422)
      messages.add(response.body().message)
      assert.notMatch(response.body().message, /127\.0\.0\.1|::1|10\.1\.2\.3|\d+\.\d+\.\d+\.\d+/)
    }
    assert.deepEqual([...messages], [NOT_PUBLIC])
  })

  test('at send time the same rule refuses, and lastError names no address', async ({
    client,
    assert,
  }) => {
    const { company, owner } = await companyWithOwner()
    app.container.swap(
      WebhookUrlGuard,
      () => new WebhookUrlGuard({ ...STRICT, allowPrivate: true })
    )
    const created = await as(client, owner, company)
      .post('/webhooks')
      .json({ url: 'http://[::ffff:0:7f00:1]:9/in', events: ['*'] })
    created.assertStatus(201)
    await db.transaction((trx) =>
      recordWebhookEvent(trx, { companyId: company.id, type: 'contract.created', data: {} })
    )
    const worker = new DeliveryWorker({ webhooks: { policy: STRICT, timeoutMs: 2000 } })
    await worker.runOnce({ now: DateTime.now() })
    const delivery = await Delivery.query()
      .where('webhook_endpoint_id', created.body().data.id)
      .firstOrFail()
    assert.equal(delivery.lastError, `refused: ${NOT_PUBLIC_EN}`)
  })

  test('the connect-time lookup (DNS rebinding) refuses with the same message', async ({
    assert,
  }) => {
    const lookup = guardedLookup(STRICT)
    const error = await new Promise<Error | null>((resolve) =>
      lookup('localhost', {}, (failure) => resolve(failure))
    )
    assert.instanceOf(error, Error)
    assert.equal(error!.message, 'errors.webhook_url.not_public')
    const open = await new Promise<Error | null>((resolve) =>
      guardedLookup({ ...STRICT, allowPrivate: true })('localhost', {}, (failure) =>
        resolve(failure)
      )
    )
    assert.isNull(open)
  })
})
