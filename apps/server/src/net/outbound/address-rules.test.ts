import { ErrorCode } from '@app/core'
import { describe, expect, it } from 'vitest'
import { AppError } from '../../http/errors.js'
import { isPublicAddress } from './address-rules.js'
import { OutboundGuard, OutboundRefusedError, type Resolve } from './outbound-guard.js'

/** Addresses that reach this machine or a private network, written every way a URL allows. */
const REFUSED: [form: string, url: string][] = [
  ['IPv4 loopback', 'http://127.0.0.1/v1'],
  ['IPv4 loopback, short form', 'http://127.1/v1'],
  ['IPv4 loopback, other host of 127/8', 'http://127.255.0.9/v1'],
  ['IPv4 loopback as one decimal number', 'http://2130706433/v1'],
  ['IPv4 loopback in hex parts', 'http://0x7f.1/v1'],
  ['IPv4 loopback as one hex number', 'http://0x7f000001/v1'],
  ['IPv4 loopback as one octal number', 'http://017700000001/v1'],
  ['IPv4 loopback in octal parts', 'http://0177.0.0.1/v1'],
  ['IPv4 private 10/8', 'http://10.0.0.1/v1'],
  ['IPv4 private 172.16/12', 'http://172.16.5.4/v1'],
  ['IPv4 private 172.16/12, last', 'http://172.31.255.255/v1'],
  ['IPv4 private 192.168/16', 'http://192.168.1.1/v1'],
  ['IPv4 link-local (cloud metadata)', 'http://169.254.169.254/latest/meta-data/'],
  ['IPv4 link-local metadata in decimal', 'http://2852039166/latest/meta-data/'],
  ['IPv4 carrier-grade NAT', 'http://100.64.0.1/v1'],
  ['IPv4 multicast', 'http://224.0.0.1/v1'],
  ['IPv4 multicast, SSDP', 'http://239.255.255.250/v1'],
  ['IPv4 broadcast', 'http://255.255.255.255/v1'],
  ['IPv4 unspecified', 'http://0.0.0.0/v1'],
  ['IPv4 unspecified as 0', 'http://0/v1'],
  ['IPv4 "this network" 0/8', 'http://0.1.2.3/v1'],
  ['IPv4 benchmark 198.18/15', 'http://198.18.0.1/v1'],
  ['IPv4 documentation', 'http://192.0.2.1/v1'],
  ['IPv4 IETF protocol assignments', 'http://192.0.0.8/v1'],
  ['IPv4 reserved 240/4', 'http://240.0.0.1/v1'],
  ['IPv6 loopback', 'http://[::1]/v1'],
  ['IPv6 loopback, long form', 'http://[0:0:0:0:0:0:0:1]/v1'],
  ['IPv6 unspecified', 'http://[::]/v1'],
  ['IPv6 unique local fc00::/7', 'http://[fc00::1]/v1'],
  ['IPv6 unique local fd00::/8', 'http://[fd12:3456::1]/v1'],
  ['IPv6 link-local', 'http://[fe80::1]/v1'],
  ['IPv6 link-local, last of fe80::/10', 'http://[febf::1]/v1'],
  ['IPv6 site-local', 'http://[fec0::1]/v1'],
  ['IPv6 multicast', 'http://[ff02::1]/v1'],
  ['IPv6 documentation', 'http://[2001:db8::1]/v1'],
  ['IPv6 discard', 'http://[100::1]/v1'],
  ['IPv4-mapped loopback', 'http://[::ffff:127.0.0.1]/v1'],
  ['IPv4-mapped loopback in hex', 'http://[::ffff:7f00:1]/v1'],
  ['IPv4-mapped metadata', 'http://[::ffff:169.254.169.254]/v1'],
  ['IPv4-mapped private', 'http://[::ffff:10.0.0.1]/v1'],
  ['IPv4-translated loopback', 'http://[::ffff:0:127.0.0.1]/v1'],
  ['IPv4-compatible loopback', 'http://[::127.0.0.1]/v1'],
  ['IPv4-compatible loopback in hex', 'http://[::7f00:1]/v1'],
  ['IPv4-compatible private', 'http://[::10.0.0.1]/v1'],
  ['IPv4-compatible, even of a public address', 'http://[::8.8.8.8]/v1'],
  ['NAT64 of loopback', 'http://[64:ff9b::127.0.0.1]/v1'],
  ['NAT64 of metadata, in hex', 'http://[64:ff9b::a9fe:a9fe]/v1'],
  ['NAT64 of a private address', 'http://[64:ff9b::192.168.0.1]/v1'],
  ['local-use NAT64', 'http://[64:ff9b:1::8.8.8.8]/v1'],
  ['6to4 of loopback', 'http://[2002:7f00:1::1]/v1'],
  ['6to4 of metadata', 'http://[2002:a9fe:a9fe::1]/v1'],
  ['6to4 of a private address', 'http://[2002:c0a8:101::1]/v1'],
  ['Teredo to a loopback client', 'http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/v1'],
  ['Teredo through a private server', 'http://[2001:0:a00:1:8000:63bf:f7f7:f7f7]/v1'],
  ['localhost', 'http://localhost:8080/v1'],
  ['localhost in capitals with the root dot', 'http://LOCALHOST./v1'],
  ['a name under localhost', 'http://api.localhost/v1'],
  ['localhost in look-alike letters', 'http://ⓛocalhost/v1'],
]

/** Not an http(s) address a server may call with its own headers. */
const MALFORMED = [
  'ftp://8.8.8.8/v1',
  'file:///etc/passwd',
  'gopher://8.8.8.8:70/_',
  'http://user:secret@8.8.8.8/v1',
  'http://user@8.8.8.8/v1',
  'not a url',
]

const ALLOWED = [
  'http://8.8.8.8/v1',
  'https://1.1.1.1/v1',
  'http://172.32.0.1/v1',
  'http://100.128.0.1/v1',
  'http://11.0.0.1/v1',
  'http://[2606:4700:4700::1111]/v1',
  'http://[::ffff:8.8.8.8]/v1',
  'http://[64:ff9b::8.8.8.8]/v1',
  'http://[2002:808:808::1]/v1',
  'http://[2001:0:4136:e378:8000:63bf:f7f7:f7f7]/v1',
  'https://api.provider.test/v1',
]

/** DNS as the tests need it: a public answer for the provider, nothing else resolves. */
const resolve: Resolve = async (hostname) => {
  if (hostname === 'api.provider.test') return [{ address: '93.184.215.14', family: 4 }]
  throw Object.assign(new Error(`${hostname} not found`), { code: 'ENOTFOUND' })
}
const guard = new OutboundGuard({ privateAddresses: false, resolve })

const codeOf = (p: Promise<unknown>) =>
  p.then(
    () => 0,
    (err: unknown) => (err instanceof AppError ? err.code : -1),
  )

describe('an address a tenant sets, by its text', () => {
  it.each(REFUSED)('is refused when saved: %s (%s)', async (_form, url) => {
    expect(await codeOf(guard.checkUrlForSave(url))).toBe(ErrorCode.outboundAddressPrivate)
  })

  it.each(REFUSED)('is refused before connecting when called: %s (%s)', async (_form, url) => {
    const call = guard.fetch(url, { method: 'POST', body: '{}' })
    await expect(call).rejects.toBeInstanceOf(OutboundRefusedError)
    await expect(call).rejects.toThrow(/private or local address/)
  })

  it.each(MALFORMED)('is refused when not plain http(s): %s', async (url) => {
    expect(await codeOf(guard.checkUrlForSave(url))).toBe(ErrorCode.outboundAddressInvalid)
    await expect(guard.fetch(url)).rejects.toBeInstanceOf(OutboundRefusedError)
  })

  it('is accepted on the public internet', async () => {
    for (const url of ALLOWED) expect(await codeOf(guard.checkUrlForSave(url)), url).toBe(0)
  })

  it('is accepted when its name does not resolve yet (the call is checked when it connects)', async () => {
    expect(await codeOf(guard.checkUrlForSave('https://not-yet.provider.test/v1'))).toBe(0)
  })

  it('is accepted anywhere when the operator allows private addresses, but still only as http(s)', async () => {
    const open = new OutboundGuard({ privateAddresses: true, resolve })
    for (const [, url] of REFUSED) expect(await codeOf(open.checkUrlForSave(url)), url).toBe(0)
    for (const url of MALFORMED)
      expect(await codeOf(open.checkUrlForSave(url)), url).toBe(ErrorCode.outboundAddressInvalid)
  })
})

/** The host of one of the URLs above, as it was written. */
const hostIn = (url: string) => url.replace(/^https?:\/\/([^/]*?)(:\d+)?\/.*$/, '$1')

describe("a host a tenant sets without a URL (an account's proxy)", () => {
  it.each(REFUSED)('is refused when saved: %s (%s)', async (_form, url) => {
    expect(await codeOf(guard.checkHostForSave(hostIn(url)))).toBe(ErrorCode.outboundAddressPrivate)
  })

  it.each(REFUSED)('is refused before connecting: %s (%s)', async (_form, url) => {
    const connect = guard.connectAddress(hostIn(url))
    await expect(connect).rejects.toBeInstanceOf(OutboundRefusedError)
    await expect(connect).rejects.toThrow(/private or local address/)
  })

  it('is refused when it is not one host alone', async () => {
    for (const host of ['', '8.8.8.8:80', 'user@8.8.8.8', '8.8.8.8/x', 'a b', 'proxy.provider.test%2f']) {
      expect(await codeOf(guard.checkHostForSave(host)), host).toBe(ErrorCode.outboundAddressPrivate)
      await expect(guard.connectAddress(host), host).rejects.toBeInstanceOf(OutboundRefusedError)
    }
  })

  it('is accepted on the public internet, and connected to at the address it was checked at', async () => {
    for (const url of ALLOWED) expect(await codeOf(guard.checkHostForSave(hostIn(url))), url).toBe(0)
    expect(await codeOf(guard.checkHostForSave('not-yet.provider.test'))).toBe(0)
    expect(await guard.connectAddress('api.provider.test')).toBe('93.184.215.14')
    expect(await guard.connectAddress('8.8.8.8')).toBe('8.8.8.8')
    expect(await guard.connectAddress('[2606:4700:4700::1111]')).toBe('2606:4700:4700::1111')
    await expect(guard.connectAddress('not-yet.provider.test')).rejects.toMatchObject({ code: 'ENOTFOUND' })
  })

  it('is accepted and connected to as given when the operator allows private addresses', async () => {
    const looked: string[] = []
    const open = new OutboundGuard({
      privateAddresses: true,
      resolve: async (hostname) => {
        looked.push(hostname)
        return [{ address: '127.0.0.1', family: 4 }]
      },
    })
    for (const [, url] of REFUSED) {
      expect(await codeOf(open.checkHostForSave(hostIn(url))), url).toBe(0)
      expect(await open.connectAddress(hostIn(url)), url).toBe(hostIn(url))
    }
    expect(looked).toEqual([])
  })
})

describe('an address a name resolves to', () => {
  // the forms DNS answers in (inet_ntop writes IPv4-compatible and mapped addresses dotted)
  it('is public only on the public internet', () => {
    for (const a of [
      '127.0.0.1',
      '10.1.2.3',
      '169.254.169.254',
      '100.100.100.200',
      '::1',
      'fd00::1',
      'fe80::1%eth0',
      '::ffff:127.0.0.1',
      '::127.0.0.1',
      '::8.8.8.8',
      '64:ff9b::10.0.0.1',
      '2002:a00:1::',
      'not-an-address',
      '',
    ])
      expect(isPublicAddress(a), a).toBe(false)
    for (const a of ['8.8.8.8', '93.184.215.14', '2606:4700::1111', '::ffff:1.1.1.1', '64:ff9b::1.1.1.1'])
      expect(isPublicAddress(a), a).toBe(true)
  })

  it('refuses the save when any answer is private', async () => {
    const split = new OutboundGuard({
      privateAddresses: false,
      resolve: async () => [
        { address: '93.184.215.14', family: 4 },
        { address: '10.0.0.7', family: 4 },
      ],
    })
    expect(await codeOf(split.checkUrlForSave('https://split.provider.test/v1'))).toBe(
      ErrorCode.outboundAddressPrivate,
    )
    expect(await codeOf(split.checkHostForSave('split.provider.test'))).toBe(ErrorCode.outboundAddressPrivate)
    await expect(split.connectAddress('split.provider.test')).rejects.toThrow(
      'split.provider.test is a private or local address (10.0.0.7)',
    )
  })
})
