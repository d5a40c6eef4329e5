import proxyAddr from '@fastify/proxy-addr'

/**
 * Which forwarding proxies the server believes: none, the last `n` hops before it, or the
 * proxies at these addresses and networks. The client is the first address of the chain (the
 * connecting peer, then `X-Forwarded-For` read from the right) that is not a trusted proxy, so
 * entries a client writes itself, on the left, are never taken for its address.
 */
export type TrustProxy = false | number | readonly string[]

const OFF = new Set(['', '0', 'false', 'no'])
/** `1`, and `true`/`yes` of the older on/off setting, mean the one proxy in front: never "believe every entry". */
const ONE_HOP = new Set(['1', 'true', 'yes'])

/** The TRUST_PROXY setting read; throws with the reason on a value that names no hops and no valid address. */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const v = (value ?? '').trim()
  if (OFF.has(v.toLowerCase())) return false
  if (ONE_HOP.has(v.toLowerCase())) return 1
  if (/^\d+$/.test(v)) return Number(v)
  const proxies = v.split(',').map((s) => s.trim())
  if (proxies.some((p) => p === '')) throw new Error('an empty entry in the list')
  // the same parser Fastify resolves the client with: what passes here is what it trusts
  proxyAddr.compile(proxies)
  return proxies
}

/**
 * Fastify's `trustProxy` for the setting. A hop count is a trust function: Fastify's own numeric
 * option believes no forwarded address at all.
 */
export function trustProxyOption(
  t: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (t === false) return false
  if (typeof t === 'number') return (_address, hop) => hop < t
  return [...t]
}
