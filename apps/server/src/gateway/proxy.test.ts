import { describe, expect, it } from 'vitest'
import { formatProxy, ProxyParseError, parseProxy, proxyUrl, tryParseProxy } from './proxy.js'

const codeOf = (input: string) => {
  const r = tryParseProxy(input)
  return r.ok ? 'ok' : r.error.code
}

describe('parseProxy', () => {
  it('rejects empty input', () => {
    expect(codeOf('')).toBe('empty')
    expect(codeOf('   ')).toBe('empty')
  })

  it('rejects a bad shape', () => {
    expect(codeOf('1.2.3.4')).toBe('format')
    expect(codeOf('1.2.3.4:8080:user')).toBe('format')
  })

  it('rejects ports outside 1–65535 and non-numeric ports', () => {
    expect(codeOf('1.2.3.4:0')).toBe('port')
    expect(codeOf('1.2.3.4:65536')).toBe('port')
    expect(codeOf('1.2.3.4:80a:u:p')).toBe('port')
    expect(codeOf('1.2.3.4::u:p')).toBe('port')
    expect(codeOf('1.2.3.4:-1:u:p')).toBe('port')
  })

  it('rejects hosts that are neither IPv4 nor a hostname', () => {
    expect(codeOf('999.1.1.1:80')).toBe('host')
    expect(codeOf('1.2.3:80')).toBe('host')
    expect(codeOf('bad_host:80')).toBe('host')
    expect(codeOf('-x.com:80')).toBe('host')
    expect(codeOf(':80:u:p')).toBe('host')
  })

  it('rejects unknown protocols and half credentials', () => {
    expect(codeOf('ftp://1.2.3.4:21:u:p')).toBe('protocol')
    expect(codeOf('https://1.2.3.4:21:u:p')).toBe('protocol')
    expect(codeOf('1.2.3.4:8080::pass')).toBe('credentials')
    expect(codeOf('1.2.3.4:8080:user:')).toBe('credentials')
  })

  it('throws a typed error', () => {
    expect(() => parseProxy('nope')).toThrow(ProxyParseError)
  })

  it('parses ip:port:account:password with http as default', () => {
    expect(parseProxy('1.2.3.4:8080:alice:secret')).toEqual({
      protocol: 'http',
      host: '1.2.3.4',
      port: 8080,
      username: 'alice',
      password: 'secret',
    })
  })

  it('keeps colons and @ in the password (split on the first three colons)', () => {
    expect(parseProxy('1.2.3.4:1080:bob:pa:ss:w@rd').password).toBe('pa:ss:w@rd')
    expect(parseProxy('socks5://1.2.3.4:1080:bob:a@b:c').password).toBe('a@b:c')
  })

  it('accepts host:port without credentials, hostnames and surrounding spaces', () => {
    expect(parseProxy(' proxy.example.com:3128 ')).toEqual({
      protocol: 'http',
      host: 'proxy.example.com',
      port: 3128,
    })
    expect(parseProxy('localhost:1').port).toBe(1)
    expect(parseProxy('10.0.0.1:65535').port).toBe(65535)
  })

  it('takes the protocol from a prefix', () => {
    expect(parseProxy('socks5://1.2.3.4:1080:u:p').protocol).toBe('socks5')
    expect(parseProxy('SOCKS5H://1.2.3.4:1080').protocol).toBe('socks5')
    expect(parseProxy('http://1.2.3.4:1080:u:p').protocol).toBe('http')
  })

  it('accepts the URL form after a prefix, decoding credentials', () => {
    expect(parseProxy('socks5://us%40er:p%3Ass@proxy.example.com:1080')).toEqual({
      protocol: 'socks5',
      host: 'proxy.example.com',
      port: 1080,
      username: 'us@er',
      password: 'p:ss',
    })
  })
})

describe('formatProxy / proxyUrl', () => {
  const p = parseProxy('1.2.3.4:8080:al ice:se:cr@t')
  it('masks the password for presenters', () => {
    expect(formatProxy(p, { maskPassword: true })).toBe('1.2.3.4:8080:al ice:******')
    expect(formatProxy(p)).toBe('1.2.3.4:8080:al ice:se:cr@t')
  })
  it('URL-encodes credentials and can ask the proxy to resolve DNS', () => {
    expect(proxyUrl(p)).toBe('http://al%20ice:se%3Acr%40t@1.2.3.4:8080')
    expect(proxyUrl({ ...p, protocol: 'socks5' }, 'socks5h')).toBe(
      'socks5h://al%20ice:se%3Acr%40t@1.2.3.4:8080',
    )
  })
  it('round-trips through formatProxy', () => {
    expect(parseProxy(formatProxy(p, { withScheme: true }))).toEqual(p)
  })
  it('writes an IPv6 address a proxy name resolved to in brackets', () => {
    expect(proxyUrl({ protocol: 'socks5', host: '2606:4700::1111', port: 1080 })).toBe(
      'socks5://[2606:4700::1111]:1080',
    )
  })
})
