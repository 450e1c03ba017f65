import { test } from '@japa/runner'
import { assertOutboundUrl, isInternalAddress } from '#support/outbound_address'

test.group('Outbound address guard', () => {
  test('internal addresses are refused, v4, v6 and every v4-embedding v6 form', ({ assert }) => {
    for (const address of [
      '127.0.0.1',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::',
      '::1',
      'fe80::1',
      'fd00:ec2::254',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:a9fe:a9fe',
      '64:ff9b::7f00:1',
      '::ffff:0:7f00:1',
      '2002:7f00:1::',
      '2001:0:4136:e378:8000:63bf:80ff:fffe',
      '::8.8.8.8',
      '::ffff:8.8.8.8',
      '64:ff9b:1::a00:1',
      'not-an-ip',
    ]) {
      assert.isTrue(isInternalAddress(address), address)
    }
    for (const address of ['93.184.215.14', '8.8.8.8', '2606:4700:4700::1111', '2001:4860::8888']) {
      assert.isFalse(isInternalAddress(address), address)
    }
  })

  test('the policy flags open http and private targets', async ({ assert }) => {
    const strict = { allowHttp: false, allowPrivate: false }
    await assert.rejects(
      () => assertOutboundUrl('http://93.184.215.14/', strict),
      'errors.webhook_url.https_only'
    )
    await assert.rejects(
      () => assertOutboundUrl('https://user:pw@93.184.215.14/', strict),
      'errors.webhook_url.credentials'
    )
    await assert.rejects(() => assertOutboundUrl('ftp://93.184.215.14/', strict))
    await assertOutboundUrl('https://93.184.215.14/', strict)
    await assertOutboundUrl('http://127.0.0.1:9/', { allowHttp: true, allowPrivate: true })
  })
})
