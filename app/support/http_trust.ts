import { BlockList, isIP } from 'node:net'

/**
 * Whom the HTTP layer trusts: the reverse proxies allowed to report the
 * client IP (TRUSTED_PROXIES) and the browser origins allowed to call the
 * API with credentials (CORS_ORIGINS). Both come from comma-separated env
 * lists, validated at boot by start/env.ts with the rules below.
 */

const splitList = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)

/**
 * Adds one `IP` or `IP/prefix` entry to the list; false when malformed.
 */
function addProxy(list: BlockList, entry: string): boolean {
  const [address, prefix, ...rest] = entry.split('/')
  const version = isIP(address)
  if (!version || rest.length) return false
  const type = version === 4 ? 'ipv4' : 'ipv6'
  if (prefix === undefined) {
    list.addAddress(address, type)
    return true
  }
  const bits = Number(prefix)
  if (!/^\d+$/.test(prefix) || bits > (version === 4 ? 32 : 128)) return false
  list.addSubnet(address, bits, type)
  return true
}

/**
 * Env rule for TRUSTED_PROXIES: IPs and CIDR ranges. Unset or empty means
 * no proxy is trusted, so X-Forwarded-For is ignored and the socket
 * address is the client IP.
 */
export function trustedProxiesRule(key: string, value?: string): string[] {
  const entries = splitList(value)
  const invalid = entries.filter((entry) => !addProxy(new BlockList(), entry))
  if (invalid.length) {
    throw new Error(`${key}: not an IP or CIDR range: ${invalid.join(', ')}`)
  }
  return entries
}

/**
 * The `trustProxy` function of the HTTP config: called by proxy-addr for
 * the socket address and then for each X-Forwarded-For hop from the right,
 * it stops at the first untrusted address, which becomes `request.ip()`.
 * IPv4-mapped IPv6 addresses (::ffff:10.0.0.1) match IPv4 entries.
 */
export function proxyTrust(entries: string[]): (address: string) => boolean {
  if (!entries.length) return () => false
  const list = new BlockList()
  for (const entry of entries) addProxy(list, entry)
  return (address) => {
    const version = isIP(address)
    return version !== 0 && list.check(address, version === 4 ? 'ipv4' : 'ipv6')
  }
}

/**
 * Env rule for CORS_ORIGINS: exact origins (`scheme://host[:port]`, no
 * path). `null` and `*` are refused: `null` is what sandboxed iframes and
 * file:// pages send, and a wildcard with credentials would let any site
 * read authenticated answers. Unset returns undefined (the config picks the
 * environment's default); set but empty means no origin.
 */
export function corsOriginsRule(key: string, value?: string): string[] | undefined {
  if (value === undefined) return undefined
  const entries = splitList(value)
  const invalid = entries.filter((entry) => {
    if (!/^https?:\/\//.test(entry) || entry.includes('*')) return true
    try {
      return new URL(entry).origin !== entry
    } catch {
      return true
    }
  })
  if (invalid.length) {
    throw new Error(`${key}: not an exact http(s) origin: ${invalid.join(', ')}`)
  }
  return entries
}

/**
 * Env rule for a limit that must stay a positive whole number: a zero or
 * negative value would block every request (or none) without saying so.
 */
export function positiveIntegerRule(key: string, value?: string): number | undefined {
  if (value === undefined || value.trim() === '') return undefined
  const number = Number(value)
  if (!Number.isInteger(number) || number < 1) {
    throw new Error(`${key}: expected a positive whole number, got "${value}"`)
  }
  return number
}
