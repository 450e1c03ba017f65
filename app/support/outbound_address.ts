import { BlockList, isIP } from 'node:net'
import { lookup as dnsLookup, type LookupAddress } from 'node:dns'
import { promisify } from 'node:util'

/**
 * The guard of outbound requests to addresses that users choose (webhook
 * URLs): refuses targets inside our own network (SSRF). Pure apart from
 * the DNS lookup; the flags come from the caller (config/webhooks.ts in
 * the app, their own in the tests).
 */
export interface OutboundPolicy {
  /** `http://` allowed (else `https://` only) */
  allowHttp: boolean
  /** Loopback, private, link-local, CGNAT, metadata and unspecified addresses allowed */
  allowPrivate: boolean
}

export class OutboundAddressRefused extends Error {}

/** Ranges that are not "the internet": RFC 6890 special-purpose blocks and the like */
const refused = new BlockList()
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // CGNAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, incl. 169.254.169.254 (cloud metadata)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments (incl. 192.0.0.192 metadata of some clouds)
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  refused.addSubnet(network, prefix, 'ipv4')
}
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['::', 96], // IPv4-compatible (deprecated)
  ['64:ff9b::', 96], // NAT64: reaches IPv4 through a gateway
  ['64:ff9b:1::', 48],
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local (incl. fd00:ec2::254, AWS metadata)
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  refused.addSubnet(network, prefix, 'ipv6')
}

/** `::ffff:7f00:1` / `::ffff:127.0.0.1` (IPv4-mapped IPv6) as the IPv4 it maps */
function unmapped(address: string) {
  const mapped = /^(?:0{0,4}:){0,5}:?ffff:(.+)$/i.exec(address)
  if (!mapped || isIP(address) !== 6) return null
  const tail = mapped[1]
  if (isIP(tail) === 4) return tail
  const groups = /^([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(tail)
  if (!groups) return null
  const high = Number.parseInt(groups[1], 16)
  const low = Number.parseInt(groups[2], 16)
  return [high >> 8, high & 255, low >> 8, low & 255].join('.')
}

/** True for an address the guard refuses (v4, v6, v4-mapped v6); not an IP = refused */
export function isInternalAddress(address: string) {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '')
  const v4 = isIP(bare) === 4 ? bare : unmapped(bare)
  if (v4) return refused.check(v4, 'ipv4')
  if (isIP(bare) === 6) return refused.check(bare, 'ipv6')
  return true
}

const lookupAll = promisify(dnsLookup)

/**
 * Checks a URL against the policy (scheme, then every address its host
 * resolves to); throws OutboundAddressRefused with a message fit for a
 * 422 or an attempt's error.
 */
export async function assertOutboundUrl(url: string, policy: OutboundPolicy) {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    throw new OutboundAddressRefused('url must be an absolute http(s) URL')
  }
  if (parsed.protocol !== 'https:' && !(parsed.protocol === 'http:' && policy.allowHttp)) {
    throw new OutboundAddressRefused(
      policy.allowHttp ? 'url must use http or https' : 'url must use https'
    )
  }
  if (parsed.username || parsed.password) {
    throw new OutboundAddressRefused('url must not carry credentials')
  }
  if (policy.allowPrivate) return parsed
  const host = parsed.hostname.replace(/^\[|\]$/g, '')
  let addresses: LookupAddress[]
  try {
    addresses = isIP(host)
      ? [{ address: host, family: isIP(host) }]
      : await lookupAll(host, { all: true, verbatim: true })
  } catch {
    throw new OutboundAddressRefused(`url host ${host} does not resolve`)
  }
  assertPublic(host, addresses)
  return parsed
}

function assertPublic(host: string, addresses: LookupAddress[]) {
  const internal = addresses.find((entry) => isInternalAddress(entry.address))
  if (internal || addresses.length === 0) {
    throw new OutboundAddressRefused(
      `url host ${host} resolves to a private or reserved address (${internal?.address ?? 'none'})`
    )
  }
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number
) => void

/**
 * A `lookup` for http.request that refuses internal addresses at connect
 * time: the address checked is the address connected to, so a DNS answer
 * that changes between the check and the request (rebinding) gains nothing.
 */
export function guardedLookup(policy: OutboundPolicy) {
  return (hostname: string, options: object, callback: LookupCallback) => {
    dnsLookup(hostname, { ...options, all: true, verbatim: true }, (error, addresses) => {
      if (error) return callback(error, [])
      if (!policy.allowPrivate) {
        try {
          assertPublic(hostname, addresses)
        } catch (refusal) {
          return callback(refusal as NodeJS.ErrnoException, [])
        }
      }
      const wantsAll = (options as { all?: boolean }).all
      if (wantsAll) return callback(null, addresses)
      return callback(null, addresses[0].address, addresses[0].family)
    })
  }
}
