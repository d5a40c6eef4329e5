import type { ProxyConfig } from '@app/core'

export {
  formatProxy,
  isValidProxyHost,
  ProxyParseError,
  type ProxyParseErrorCode,
  parseProxy,
  tryParseProxy,
} from '@app/core'

/** A proxy URL with URL-encoded credentials; `socks5h` makes the proxy resolve DNS. */
export function proxyUrl(p: ProxyConfig, scheme: 'http' | 'socks5' | 'socks5h' = p.protocol): string {
  const auth = p.username ? `${encodeURIComponent(p.username)}:${encodeURIComponent(p.password ?? '')}@` : ''
  return `${scheme}://${auth}${p.host}:${p.port}`
}
