/**
 * The product's proxy notation (spec §3), read the same way by the server (to connect) and the
 * browser (to check a form before sending it).
 */
export interface ProxyConfig {
  protocol: 'http' | 'socks5'
  host: string
  port: number
  username?: string
  password?: string
}

export type ProxyParseErrorCode = 'empty' | 'protocol' | 'format' | 'host' | 'port' | 'credentials'

export class ProxyParseError extends Error {
  override readonly name = 'ProxyParseError'
  constructor(
    readonly code: ProxyParseErrorCode,
    message: string,
  ) {
    super(message)
  }
}

const SCHEMES: Record<string, ProxyConfig['protocol']> = {
  'http://': 'http',
  'socks5://': 'socks5',
  'socks5h://': 'socks5',
}

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/
const LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/

/** IPv4, or a hostname whose last label is not all digits (so '999.1.1.1' is rejected). */
export function isValidProxyHost(host: string): boolean {
  if (IPV4.test(host)) return true
  if (host.length === 0 || host.length > 253) return false
  const labels = host.split('.')
  if (!labels.every((l) => LABEL.test(l))) return false
  return !/^\d+$/.test(labels[labels.length - 1])
}

function parsePort(text: string): number {
  if (!/^\d{1,5}$/.test(text)) throw new ProxyParseError('port', `port "${text}" is not a number`)
  const port = Number(text)
  if (port < 1 || port > 65535) throw new ProxyParseError('port', `port ${port} is outside 1–65535`)
  return port
}

/** Split `user:pass@host:port` (the password may hold ':' and '@'; the last '@' ends it). */
function splitUrlForm(rest: string): [string, string, string | undefined, string | undefined] {
  const at = rest.lastIndexOf('@')
  const userinfo = rest.slice(0, at)
  const hostport = rest.slice(at + 1)
  const colon = userinfo.indexOf(':')
  if (colon < 0) throw new ProxyParseError('credentials', 'credentials need a user and a password')
  const [host, port, extra] = hostport.split(':')
  if (extra !== undefined || port === undefined)
    throw new ProxyParseError('format', 'expected user:password@host:port')
  return [host, port, safeDecode(userinfo.slice(0, colon)), safeDecode(userinfo.slice(colon + 1))]
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s)
  } catch {
    return s
  }
}

/**
 * Parse the product's proxy notation `ip:port:account:password` (spec §3). The text splits on the
 * first three colons, so the password may contain colons. `host:port` alone is accepted (no
 * credentials). A `http://`, `socks5://` or `socks5h://` prefix picks the protocol (default
 * http), and after a prefix the URL form `user:password@host:port` is accepted too.
 * Throws `ProxyParseError`.
 */
export function parseProxy(input: string): ProxyConfig {
  let rest = input.trim()
  if (!rest) throw new ProxyParseError('empty', 'proxy is empty')
  let protocol: ProxyConfig['protocol'] = 'http'
  const scheme = /^[a-z][a-z0-9+.-]*:\/\//i.exec(rest)?.[0]
  if (scheme) {
    const p = SCHEMES[scheme.toLowerCase()]
    if (!p) throw new ProxyParseError('protocol', `unsupported proxy protocol "${scheme}"`)
    protocol = p
    rest = rest.slice(scheme.length).replace(/\/$/, '')
  }
  let host: string
  let portText: string | undefined
  let username: string | undefined
  let password: string | undefined
  if (scheme && rest.includes('@') && !/^[^:@]+:\d+(:|$)/.test(rest)) {
    ;[host, portText, username, password] = splitUrlForm(rest)
  } else {
    const parts: string[] = []
    let cursor = rest
    for (let i = 0; i < 3; i++) {
      const c = cursor.indexOf(':')
      if (c < 0) break
      parts.push(cursor.slice(0, c))
      cursor = cursor.slice(c + 1)
    }
    parts.push(cursor)
    if (parts.length !== 2 && parts.length !== 4) {
      throw new ProxyParseError('format', 'expected ip:port or ip:port:account:password')
    }
    ;[host, portText, username, password] = parts
  }
  if (!isValidProxyHost(host))
    throw new ProxyParseError('host', `"${host}" is not an IPv4 address or host name`)
  const port = parsePort(portText ?? '')
  if (username === undefined) return { protocol, host, port }
  if (!username || !password)
    throw new ProxyParseError('credentials', 'account and password must both be given')
  return { protocol, host, port, username, password }
}

/** `parseProxy` without throwing. */
export function tryParseProxy(
  input: string,
): { ok: true; proxy: ProxyConfig } | { ok: false; error: ProxyParseError } {
  try {
    return { ok: true, proxy: parseProxy(input) }
  } catch (e) {
    if (e instanceof ProxyParseError) return { ok: false, error: e }
    throw e
  }
}

/** Back to the product notation; `maskPassword` for presenters (a proxy password never leaks). */
export function formatProxy(
  p: ProxyConfig,
  opts: { maskPassword?: boolean; withScheme?: boolean } = {},
): string {
  const head = `${opts.withScheme ? `${p.protocol}://` : ''}${p.host}:${p.port}`
  if (!p.username) return head
  return `${head}:${p.username}:${opts.maskPassword ? '******' : (p.password ?? '')}`
}
