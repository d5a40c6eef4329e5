import type { FormRule } from 'antd'
import { i18n } from '../../../../i18n'

/**
 * The product's proxy notation (spec §3), checked in the browser the way the server reads it:
 * `ip:port:account:password` (split on the first three colons, so the password may hold colons)
 * or `ip:port`; an optional `http://`, `socks5://` or `socks5h://` prefix, after which
 * `account:password@host:port` is read too. The server checks again; this only spares a round trip.
 */
const SCHEMES = ['http://', 'socks5://', 'socks5h://']
const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/
const LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/

/** IPv4, or a host name whose last label is not all digits (so '999.1.1.1' is refused). */
function isHost(host: string): boolean {
  if (IPV4.test(host)) return true
  if (host.length === 0 || host.length > 253) return false
  const labels = host.split('.')
  return labels.every((l) => LABEL.test(l)) && !/^\d+$/.test(labels[labels.length - 1] ?? '')
}

function isPort(text: string | undefined): boolean {
  if (!text || !/^\d{1,5}$/.test(text)) return false
  const port = Number(text)
  return port >= 1 && port <= 65535
}

/** `account:password@host:port`; the last '@' ends the password. */
function isUrlForm(rest: string): boolean {
  const at = rest.lastIndexOf('@')
  const userinfo = rest.slice(0, at)
  const colon = userinfo.indexOf(':')
  const hostport = rest.slice(at + 1).split(':')
  if (colon <= 0 || colon === userinfo.length - 1 || hostport.length !== 2) return false
  return isHost(hostport[0] ?? '') && isPort(hostport[1])
}

/** Whether a non-empty proxy text is well formed. */
export function isValidProxy(input: string): boolean {
  let rest = input.trim()
  if (!rest) return false
  const scheme = /^[a-z][a-z0-9+.-]*:\/\//i.exec(rest)?.[0]
  if (scheme) {
    if (!SCHEMES.includes(scheme.toLowerCase())) return false
    rest = rest.slice(scheme.length).replace(/\/$/, '')
    if (rest.includes('@') && !/^[^:@]+:\d+(:|$)/.test(rest)) return isUrlForm(rest)
  }
  const parts: string[] = []
  let cursor = rest
  for (let i = 0; i < 3; i++) {
    const c = cursor.indexOf(':')
    if (c < 0) break
    parts.push(cursor.slice(0, c))
    cursor = cursor.slice(c + 1)
  }
  parts.push(cursor)
  if (parts.length !== 2 && parts.length !== 4) return false
  const [host, port, account, password] = parts
  if (!isHost(host ?? '') || !isPort(port)) return false
  return parts.length === 2 || (!!account && !!password)
}

/** A form rule: empty passes (no proxy, or clear it), anything else must be well formed. */
export const proxyRule: FormRule = {
  validator: async (_rule, value: string | undefined) => {
    if (value?.trim() && !isValidProxy(value)) throw new Error(i18n.t('account.proxyInvalid'))
  },
}
