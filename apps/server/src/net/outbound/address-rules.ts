import net from 'node:net'
import ipaddr from 'ipaddr.js'

/**
 * The one rule for where the server may send a request to an address a tenant chose: the public
 * internet only. This machine, private and carrier-grade NAT networks, link-local (the cloud
 * metadata service at 169.254.169.254), multicast, broadcast, documentation, benchmark and other
 * reserved ranges are refused. An IPv6 address that carries an IPv4 one (mapped, translated,
 * NAT64, 6to4, Teredo) is judged by the IPv4 address it reaches.
 *
 * Only a canonical address is judged (as a URL's host or a name lookup gives it); anything else
 * counts as not public.
 */
export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address)
  if (family === 4) return publicV4(ipaddr.IPv4.parse(address))
  if (family === 6) return publicV6(ipaddr.IPv6.parse(hexTail(address)))
  return false
}

/**
 * An IPv6 address with its dotted IPv4 tail written as two hex groups: ipaddr.js reads every
 * `::a.b.c.d` as IPv4-mapped, which would make the deprecated IPv4-compatible form look mapped.
 */
function hexTail(address: string): string {
  return address.replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (_, a: string, b: string, c: string, d: string) => {
    const group = (hi: string, lo: string) => ((Number(hi) << 8) | Number(lo)).toString(16)
    return `${group(a, b)}:${group(c, d)}`
  })
}

/** Names that mean this machine whatever DNS says (RFC 6761), with or without the root dot. */
export function isLocalName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, '')
  return name === 'localhost' || name.endsWith('.localhost')
}

/** Every named range of IPv4 special-purpose space is refused; only ordinary unicast is public. */
function publicV4(ip: ipaddr.IPv4): boolean {
  return ip.range() === 'unicast'
}

/** The IPv4 address held by two 16-bit groups of an IPv6 address. */
function v4(hi: number, lo: number): ipaddr.IPv4 {
  return new ipaddr.IPv4([hi >> 8, hi & 0xff, lo >> 8, lo & 0xff])
}

function publicV6(ip: ipaddr.IPv6): boolean {
  const p = ip.parts
  // ipaddr.js names more ranges than its types list (site-local, discard, segment routing…)
  const range: string = ip.range()
  switch (range) {
    // ::ffff:a.b.c.d, and ::ffff:0:a.b.c.d of stateless translation
    case 'ipv4Mapped':
    case 'rfc6145':
      return publicV4(v4(p[6], p[7]))
    // NAT64: the well-known 64:ff9b::/96 reaches the embedded IPv4 address; the local-use
    // 64:ff9b:1::/48 only exists inside a private network, whatever it embeds
    case 'rfc6052':
      return p[2] === 0 && publicV4(v4(p[6], p[7]))
    // 6to4: 2002:AABB:CCDD::/48 tunnels to AA.BB.CC.DD
    case '6to4':
      return publicV4(v4(p[1], p[2]))
    // Teredo: 2001:0:server-IPv4:flags:port:client-IPv4 with the client's bits inverted
    case 'teredo':
      return publicV4(v4(p[2], p[3])) && publicV4(v4(p[6] ^ 0xffff, p[7] ^ 0xffff))
    // the deprecated IPv4-compatible form ::a.b.c.d (e.g. ::127.0.0.1) is never a real destination
    case 'unicast':
      return p.slice(0, 6).some((group) => group !== 0)
    default:
      return false
  }
}
