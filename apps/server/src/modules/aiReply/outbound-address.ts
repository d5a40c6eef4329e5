import dns from 'node:dns'
import net from 'node:net'
import { Agent } from 'undici'

/** Addresses a tenant's configured service may not reach: this machine and private networks. */
const PRIVATE = new net.BlockList()
for (const [prefix, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  PRIVATE.addSubnet(prefix, bits, 'ipv4')
for (const [prefix, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  PRIVATE.addSubnet(prefix, bits, 'ipv6')

/** Whether an IP address is on this machine or a private network (IPv4-mapped IPv6 included). */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
  const ip = mapped ? (mapped[1] as string) : address
  const family = net.isIP(ip)
  if (family === 0) return true
  return PRIVATE.check(ip, family === 4 ? 'ipv4' : 'ipv6')
}

export class PrivateAddressError extends Error {
  constructor(host: string) {
    super(`${host} is a private or local address`)
  }
}

/**
 * An HTTP dispatcher that refuses to connect to a private or local address: the check runs on the
 * address actually connected to, so a name that resolves differently later cannot slip past it.
 * IP literals never reach a lookup and are checked before the request (see `assertPublicUrl`).
 */
export function publicOnlyDispatcher(): Agent {
  const lookup: net.LookupFunction = (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 4)
      const list = addresses as dns.LookupAddress[]
      if (!list.length || list.some((a) => isPrivateAddress(a.address)))
        return callback(new PrivateAddressError(hostname), '', 4)
      if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list)
      const first = list[0] as dns.LookupAddress
      callback(null, first.address, first.family)
    })
  }
  return new Agent({ connect: { lookup } })
}

/** An IP-literal host is never looked up: refuse a private one before connecting. */
export function assertPublicUrl(url: string): void {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '')
  if (net.isIP(host) && isPrivateAddress(host)) throw new PrivateAddressError(host)
}
