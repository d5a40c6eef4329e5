import { isIPv6 } from 'node:net'
import type { ProxyConfig } from '@app/core'

export {
  formatProxy,
  ProxyParseError,
  parseProxy,
  tryParseProxy,
} from '@app/core'

/** A proxy URL with URL-encoded credentials (an IPv6 host in brackets); `socks5h` makes the proxy resolve DNS. */
export function proxyUrl(p: ProxyConfig, scheme: 'http' | 'socks5' | 'socks5h' = p.protocol): string {
  const auth = p.username ? `${encodeURIComponent(p.username)}:${encodeURIComponent(p.password ?? '')}@` : ''
  const host = isIPv6(p.host) ? `[${p.host}]` : p.host
  return `${scheme}://${auth}${host}:${p.port}`
}
