import { test } from '@japa/runner'
import { readFile } from 'node:fs/promises'
import { createHmac, timingSafeEqual } from 'node:crypto'
import vm from 'node:vm'
import app from '@adonisjs/core/services/app'
import { verifyWebhookSignature, webhookSignature } from '#support/webhook_signature'

/**
 * X-Webhook-Signature against fixed vectors, computed outside this code
 * (`printf '%s' '<t>.<body>' | openssl dgst -sha256 -hmac <secret>`), so a
 * change of the signed string or the hash shows even when the signer and
 * the verifier change together.
 */
const SECRET = 'whsec_test_vector_secret'
const T = 1764100000
const VECTORS = [
  {
    body: '{"id":"evt_1","type":"ping"}',
    hex: 'acb07fdbc5eeb22d6ceca886ca759aee5c66a607a3d0b1e794823c7958f5f84a',
  },
  { body: '', hex: '9b88973e48bdbce46a59de043aed59a7e171c21ecd1e7c7a111ae1a66ad97382' },
  {
    body: '{"name":"Ação"}',
    hex: 'f9a50d3071d6ab803fd2d716eb6b3c0eb3db36e897e66106711cb98e80f31e33',
  },
]

type Verify = (header: string, rawBody: string, nowSeconds: number, secret?: string) => boolean

/** The verifier the README gives integrators, run as written, with its clock fixed */
async function readmeVerifier(): Promise<Verify> {
  const readme = await readFile(app.makePath('README.md'), 'utf8')
  const block = [...readme.matchAll(/```js\n([\s\S]*?)```/g)]
    .map((match) => match[1])
    .find((code) => code.includes('export function verifyWebhook('))
  if (!block) throw new Error('README: the verifyWebhook example is gone')
  const source = block.replace(/^import .*$/m, '').replace('export function', 'function')
  const clock = { now: 0 }
  const context = vm.createContext({
    createHmac,
    timingSafeEqual,
    Buffer,
    Date: { now: () => clock.now },
  })
  vm.runInContext(source, context)
  return (header, rawBody, nowSeconds, secret = SECRET) => {
    clock.now = nowSeconds * 1000
    return context.verifyWebhook(secret, header, rawBody)
  }
}

const verifiers: Array<{ name: string; verify: () => Promise<Verify> }> = [
  {
    name: 'app/support/webhook_signature.ts',
    verify:
      async () =>
      (header, rawBody, nowSeconds, secret = SECRET) =>
        verifyWebhookSignature(secret, header, rawBody, { now: nowSeconds * 1000 }),
  },
  { name: 'README (integrators)', verify: readmeVerifier },
]

test.group('Webhook signature', () => {
  test('the signer gives the fixed vectors', ({ assert }) => {
    for (const { body, hex } of VECTORS) {
      assert.equal(webhookSignature(SECRET, T, body), `t=${T},v1=${hex}`, body)
    }
  })

  test('{name} accepts the vectors within 300 s and refuses everything else')
    .with(verifiers)
    .run(async ({ assert }, { verify }) => {
      const check = await verify()
      for (const { body, hex } of VECTORS) {
        const header = `t=${T},v1=${hex}`
        assert.isTrue(check(header, body, T), body)
        assert.isTrue(check(header, body, T + 300), 'the tolerance is inclusive')
        assert.isTrue(check(header, body, T - 300), 'a clock 300 s behind')
        assert.isFalse(check(header, body, T + 301), 'an old request (replayed later)')
        assert.isFalse(check(header, body, T - 301), 'a timestamp from the future')
        /** A replay: the captured signature under a fresh timestamp */
        for (const fresh of [T + 1, T + 3600]) {
          assert.isFalse(check(`t=${fresh},v1=${hex}`, body, fresh), `replayed at ${fresh}`)
        }
        assert.isFalse(check(header, `${body} `, T), 'another body')
        assert.isFalse(check(header, body, T, 'whsec_other'), 'another secret')
        assert.isFalse(check(`t=${T},v1=${hex.toUpperCase()}`, body, T), 'not the hex given')
        assert.isFalse(check(`t=${T}`, body, T), 'no v1')
        assert.isFalse(check(`v1=${hex}`, body, T), 'no t')
        assert.isFalse(check('', body, T), 'no header')
        /** A truncated or padded signature is refused, not thrown on */
        assert.isFalse(check(`t=${T},v1=${hex.slice(0, -2)}`, body, T), 'a shorter v1')
        assert.isFalse(check(`t=${T},v1=${hex}00`, body, T), 'a longer v1')
      }
    })
})
