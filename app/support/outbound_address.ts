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

/**
 * A refused URL; the message is a catalogue key (`errors.webhook_url.*`): the
 * 422 renders it in the reader's language, a delivery attempt records it in
 * English (an operator's diagnostic, like the HTTP and network errors beside it)
 */
export class OutboundAddressRefused extends Error {}

/** Ranges that are not "the internet": RFC 6890 special-purpose blocks and the like */
const refused = new BlockList()
/**
 * Apart from the IPv4 list: a BlockList matches an IPv4 address against its
 * IPv6 rules as `::ffff:a.b.c.d`, so `::ffff:0:0/96` there would refuse all IPv4
 */
const refusedV6 = new BlockList()
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
/**
 * IPv6: the special blocks, and every form that embeds or reaches an IPv4
 * address, refused whole whatever the IPv4 inside (a gateway or the host's
 * own stack may turn it into 127.0.0.1 or 10.x; no webhook needs one)
 */
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['::', 96], // IPv4-compatible (deprecated)
  ['::ffff:0:0', 96], // IPv4-mapped
  ['::ffff:0:0:0', 96], // IPv4-translated (SIIT)
  ['64:ff9b::', 96], // NAT64: reaches IPv4 through a gateway
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard
  ['2001::', 32], // Teredo: tunnels to an IPv4 address
  ['2001:2::', 48], // benchmarking
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: routed to the IPv4 address in bits 16-48
  ['3fff::', 20], // documentation
  ['fc00::', 7], // unique local (incl. fd00:ec2::254, AWS metadata)
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  refusedV6.addSubnet(network, prefix, 'ipv6')
}

/** True for an address the guard refuses (v4, v6 incl. every v4-embedding form); not an IP = refused */
export function isInternalAddress(address: string) {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '')
  if (isIP(bare) === 4) return refused.check(bare, 'ipv4')
  if (isIP(bare) === 6) return refusedV6.check(bare, 'ipv6')
  return true
}

/**
 * The one refusal for a host that is not a public address, whether typed
 * as an IP or resolved (now or at send time) from a name, or resolving to
 * nothing: it names no address, so the guard tells no one what our
 * internal names resolve to, or which exist.
 */
export const NOT_PUBLIC = 'errors.webhook_url.not_public'

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
    throw new OutboundAddressRefused('errors.webhook_url.not_absolute')
  }
  if (parsed.protocol !== 'https:' && !(parsed.protocol === 'http:' && policy.allowHttp)) {
    throw new OutboundAddressRefused(
      policy.allowHttp ? 'errors.webhook_url.http_or_https' : 'errors.webhook_url.https_only'
    )
  }
  if (parsed.username || parsed.password) {
    throw new OutboundAddressRefused('errors.webhook_url.credentials')
  }
  if (policy.allowPrivate) return parsed
  const host = parsed.hostname.replace(/^\[|\]$/g, '')
  let addresses: LookupAddress[]
  try {
    addresses = isIP(host)
      ? [{ address: host, family: isIP(host) }]
      : await lookupAll(host, { all: true, verbatim: true })
  } catch {
    throw new OutboundAddressRefused(NOT_PUBLIC)
  }
  assertPublic(addresses)
  return parsed
}

function assertPublic(addresses: LookupAddress[]) {
  if (addresses.length === 0 || addresses.some((entry) => isInternalAddress(entry.address))) {
    throw new OutboundAddressRefused(NOT_PUBLIC)
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
          assertPublic(addresses)
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
