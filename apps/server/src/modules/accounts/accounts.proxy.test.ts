import { ErrorCode, Role } from '@app/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OutboundGuard, type Resolve } from '../../net/outbound/outbound-guard.js'
import { createTestContext, type TestContext } from '../../test/harness.js'

const base = '/damai/customer/wsAccount'
const EN = { language: 'en' }
const PRIVATE_MSG = 'This address points to this machine or a private network and cannot be used'
/** a proxy on the public internet, kept while the refused ones are tried */
const PUBLIC_PROXY = '8.8.8.8:1080:user:pass'

/** DNS as the tests need it: the provider's proxy is public, the internal names answer private addresses. */
const resolve: Resolve = async (hostname) => {
  if (hostname === 'proxy.provider.test') return [{ address: '93.184.215.14', family: 4 }]
  if (hostname === 'redis.internal.test') return [{ address: '10.1.2.3', family: 4 }]
  if (hostname === 'split.provider.test')
    return [
      { address: '93.184.215.14', family: 4 },
      { address: '::1', family: 6 },
    ]
  throw Object.assign(new Error(`${hostname} not found`), { code: 'ENOTFOUND' })
}

/** A proxy on this machine or a private network, by its address, a local name or what its name resolves to. */
const PRIVATE_PROXIES = [
  '127.0.0.1:6379',
  '10.0.0.5:8080:user:pass',
  '169.254.169.254:80',
  '192.168.1.1:1080',
  '100.64.0.1:1080',
  '0.0.0.0:1080',
  'localhost:1080',
  'api.localhost:1080',
  'socks5://127.0.0.1:1080',
  'socks5h://user:pass@10.0.0.5:1080',
  // a host name to the notation that the system reads as 127.0.0.1
  '0x7f000001:1080',
  'redis.internal.test:6379',
  'split.provider.test:1080',
]

let ctx: TestContext
let tenant: number
let boss: string
let account: number

beforeAll(async () => {
  ctx = await createTestContext({}, { outbound: new OutboundGuard({ privateAddresses: false, resolve }) })
  tenant = await ctx.tenant('acme')
  boss = (await ctx.as(tenant, Role.customerMaster, 'boss')).token
  account = await ctx.linkAccount(tenant, '8613800000001')
})
afterAll(() => ctx.close())

const storedProxy = async (id: number) =>
  (await ctx.db.selectFrom('ws_accounts').select('proxy').where('id', '=', id).executeTakeFirstOrThrow())
    .proxy
const countAccounts = async () =>
  (await ctx.db.selectFrom('ws_accounts').select('id').where('tenant_id', '=', tenant).execute()).length
const setProxy = (proxy: string, headers = EN) =>
  ctx.call('PUT', `${base}/proxy`, { token: boss, body: { ids: [account], proxy }, headers })

describe("an account's proxy on this machine or a private network", () => {
  beforeAll(async () => {
    expect((await setProxy(PUBLIC_PROXY)).code).toBe(0)
  })

  it.each(PRIVATE_PROXIES)('is refused when set, and the old one kept: %s', async (proxy) => {
    const r = await setProxy(proxy)
    expect([r.code, r.msg]).toEqual([ErrorCode.outboundAddressPrivate, PRIVATE_MSG])
    expect(await storedProxy(account)).toBe(PUBLIC_PROXY)
  })

  it('is refused in the language of the request', async () => {
    const r = await setProxy('169.254.169.254:80', { language: 'zh' })
    expect(r.msg).toBe('该地址指向本机或内网，不允许使用')
  })

  it('is refused as an IPv6 literal, which the proxy notation does not take', async () => {
    for (const proxy of ['[::1]:1080', '::1:1080', 'socks5://[::1]:1080']) {
      expect((await setProxy(proxy)).code, proxy).toBe(ErrorCode.invalidProxy)
    }
    expect(await storedProxy(account)).toBe(PUBLIC_PROXY)
  })

  it('is refused for a pairing-code login, and no account is made', async () => {
    await ctx.ports(tenant, 1)
    const before = await countAccounts()
    for (const proxy of ['127.0.0.1:6379', 'localhost:1080', 'redis.internal.test:6379']) {
      const r = await ctx.call('POST', `${base}/loginCode`, {
        token: boss,
        body: { phone: '8613800000300', proxy },
        headers: EN,
      })
      expect([r.code, r.msg], proxy).toEqual([ErrorCode.outboundAddressPrivate, PRIVATE_MSG])
    }
    expect(await countAccounts()).toBe(before)
  })

  it('is refused on its line of an import, which imports the others', async () => {
    const lines = [
      '8613800000101,127.0.0.1:6379',
      '8613800000102,8.8.4.4:1080:user:pass',
      '8613800000103,redis.internal.test:6379',
      '8613800000104,socks5://proxy.provider.test:1080',
      '8613800000105,localhost:1080',
      '8613800000106,10.0.0.5:8080:user:pass',
      '8613800000106,8.8.4.4:1080',
    ].join('\n')
    const r = await ctx.call('POST', `${base}/import`, { token: boss, body: { lines }, headers: EN })
    expect(r.code).toBe(0)
    const data = r.data as {
      accepted: { line: number; phone: string }[]
      rejected: { line: number; code: number; reason: string }[]
    }
    expect(data.accepted.map((a) => [a.line, a.phone])).toEqual([
      [2, '8613800000102'],
      [4, '8613800000104'],
      [7, '8613800000106'],
    ])
    expect(data.rejected.map((x) => [x.line, x.code, x.reason])).toEqual(
      [1, 3, 5, 6].map((line) => [line, ErrorCode.outboundAddressPrivate, PRIVATE_MSG]),
    )
    const stored = await ctx.db
      .selectFrom('ws_accounts')
      .select(['phone', 'proxy'])
      .where('tenant_id', '=', tenant)
      .where('phone', 'like', '86138000001%')
      .orderBy('phone')
      .execute()
    expect(stored).toEqual([
      { phone: '8613800000102', proxy: '8.8.4.4:1080:user:pass' },
      { phone: '8613800000104', proxy: 'socks5://proxy.provider.test:1080' },
      { phone: '8613800000106', proxy: '8.8.4.4:1080' },
    ])
  })
})

describe("an account's proxy on the public internet", () => {
  it.each([
    '1.1.1.1:1080',
    '172.32.0.1:8080:user:pass',
    'socks5://8.8.4.4:1080',
    'proxy.provider.test:3128',
    // not resolving yet: checked again when the account connects through it
    'not-yet.provider.test:3128',
  ])('is stored: %s', async (proxy) => {
    expect((await setProxy(proxy)).code).toBe(0)
    expect(await storedProxy(account)).toBe(proxy)
  })
})

describe('with private addresses allowed by the operator', () => {
  let open: TestContext
  afterAll(() => open?.close())

  it('an account may use a proxy on this machine or a private network', async () => {
    open = await createTestContext({ OUTBOUND_PRIVATE_ADDRESSES: '1' })
    const t = await open.tenant('lab')
    const token = (await open.as(t, Role.customerMaster, 'lab-boss')).token
    const id = await open.linkAccount(t, '8613800000201')
    for (const proxy of ['127.0.0.1:6379', '10.0.0.5:8080:user:pass', 'localhost:1080']) {
      const r = await open.call('PUT', `${base}/proxy`, { token, body: { ids: [id], proxy } })
      expect(r.code, proxy).toBe(0)
    }
  })
})
