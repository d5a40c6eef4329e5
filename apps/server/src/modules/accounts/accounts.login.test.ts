import { ErrorCode, Role } from '@app/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../test/harness.js'

let ctx: TestContext
let tenant: number
let other: number
let boss: { token: string; userId: number }
let otherBoss: string
const base = '/damai/customer/wsAccount'
const events: { rooms: string[]; event: string; payload: Record<string, unknown> }[] = []

beforeAll(async () => {
  ctx = await createTestContext()
  tenant = await ctx.tenant('acme')
  other = await ctx.tenant('rival')
  boss = await ctx.as(tenant, Role.customerMaster, 'boss')
  otherBoss = (await ctx.as(other, Role.customerMaster, 'rival-boss')).token
  ctx.messaging.hub.observe((rooms, event, payload) =>
    events.push({ rooms, event, payload: payload as Record<string, unknown> }),
  )
})
afterAll(() => ctx.close())

const rowOf = (id: number) =>
  ctx.db.selectFrom('ws_accounts').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
const countAccounts = async () => (await ctx.db.selectFrom('ws_accounts').select('id').execute()).length
const portOf = (id: number) =>
  ctx.db.selectFrom('ports').selectAll().where('account_id', '=', id).executeTakeFirst()

describe('refusals change nothing', () => {
  it('refuses a QR login without a free port', async () => {
    const n = await countAccounts()
    const r = await ctx.call('POST', `${base}/loginQr`, { token: boss.token, body: {} })
    expect(r.code).toBe(ErrorCode.noFreePort)
    expect(r.msg).toBe('没有可用的端口，请购买或续费端口后再登录')
    expect(await countAccounts()).toBe(n)
  })

  it('does not count expired ports or ports holding an account', async () => {
    await ctx.ports(tenant, 1, Date.now() - 1_000)
    expect((await ctx.call('POST', `${base}/loginQr`, { token: boss.token, body: {} })).code).toBe(
      ErrorCode.noFreePort,
    )
  })

  it.each([
    ['12345', undefined, ErrorCode.invalidPhone],
    ['86138abc00001', undefined, ErrorCode.invalidPhone],
    ['8613800000100', '1.2.3.4:notaport', ErrorCode.invalidProxy],
  ])('refuses a pairing-code login for %j / %j', async (phone, proxy, code) => {
    await ctx.ports(tenant, 1)
    const n = await countAccounts()
    expect(
      (await ctx.call('POST', `${base}/loginCode`, { token: boss.token, body: { phone, proxy } })).code,
    ).toBe(code)
    expect(await countAccounts()).toBe(n)
  })

  it('refuses a number linked in this tenant or another one', async () => {
    await ctx.linkAccount(other, '8613800000200')
    await ctx.linkAccount(tenant, '8613800000201')
    const n = await countAccounts()
    const theirs = await ctx.call('POST', `${base}/loginCode`, {
      token: boss.token,
      body: { phone: '+86 138 0000 0200' },
      headers: { language: 'en' },
    })
    expect(theirs).toMatchObject({
      code: ErrorCode.phoneAlreadyLinked,
      msg: 'This number is already linked in this or another company',
    })
    expect(
      (await ctx.call('POST', `${base}/loginCode`, { token: boss.token, body: { phone: '8613800000201' } }))
        .code,
    ).toBe(ErrorCode.phoneAlreadyLinked)
    expect(await countAccounts()).toBe(n)
  })
})

describe('QR login through the simulator', () => {
  it('shows the QR to whoever started it, links, binds a port and goes online', async () => {
    await ctx.ports(tenant, 1)
    const r = await ctx.call('POST', `${base}/loginQr`, { token: boss.token, body: {} })
    const { accountId } = r.data as { accountId: number }
    const status = await ctx.call('GET', `${base}/loginStatus`, {
      token: boss.token,
      query: { accountId: String(accountId) },
    })
    expect(status.data).toMatchObject({
      accountId,
      state: 'awaiting_qr',
      accountStatus: 'logging_in',
      qrDataUrl: expect.stringMatching(/^data:image\/png/),
    })
    const shown = events.filter((e) => e.event === 'account.login' && e.payload.accountId === accountId)
    expect(shown.at(-1)).toMatchObject({
      rooms: [`user:${boss.userId}`],
      payload: { state: 'awaiting_qr', qrDataUrl: expect.any(String) },
    })

    const qr = ctx.sim.gateway.getStatus(String(accountId)) as { qr: string }
    ctx.sim.network.scanQr('8613800000300', qr.qr)
    await ctx.sim.settle()
    expect(await rowOf(accountId)).toMatchObject({
      status: 'online',
      phone: '8613800000300',
      jid: '8613800000300@s.whatsapp.net',
      linked: 1,
    })
    expect(await portOf(accountId)).toBeDefined()
    const pushed = events.filter((e) => e.event === 'account.status' && e.payload.accountId === accountId)
    expect(pushed.at(-1)).toMatchObject({
      rooms: [`tenant:${tenant}`],
      payload: { status: 'online', phone: '8613800000300' },
    })
    expect(
      (
        await ctx.call('GET', `${base}/loginStatus`, {
          token: boss.token,
          query: { accountId: String(accountId) },
        })
      ).data,
    ).toMatchObject({ state: 'open', accountStatus: 'online' })
  })

  it('refuses a QR link by a number live in another tenant: logged out, port given back', async () => {
    await ctx.ports(tenant, 1)
    const { accountId } = (await ctx.call('POST', `${base}/loginQr`, { token: boss.token, body: {} }))
      .data as { accountId: number }
    const qr = ctx.sim.gateway.getStatus(String(accountId)) as { qr: string }
    ctx.sim.network.scanQr('8613800000200', qr.qr)
    await ctx.sim.settle()
    expect(await rowOf(accountId)).toMatchObject({
      status: 'offline',
      linked: 0,
      last_error: 'phone_taken',
      phone: null,
    })
    expect(await portOf(accountId)).toBeUndefined()
    expect(
      events.filter((e) => e.event === 'account.login' && e.payload.accountId === accountId).at(-1)?.payload,
    ).toMatchObject({ error: 'phone_taken' })
  })

  it('drops an account whose QR expired unscanned', async () => {
    await ctx.ports(tenant, 1)
    const { accountId } = (await ctx.call('POST', `${base}/loginQr`, { token: boss.token, body: {} }))
      .data as { accountId: number }
    // QR refs rotate after 60 s, then every 20 s; each rotation renders a new image before the next timer exists
    for (let i = 0; i < 8; i++) await ctx.sim.settle(20_000)
    expect(await rowOf(accountId)).toMatchObject({
      status: 'offline',
      last_error: 'qr_expired',
      deleted_at: expect.any(Number),
    })
  })
})

describe('pairing-code login through the simulator', () => {
  it('returns the code; the phone enters it and the account goes online with its proxy', async () => {
    await ctx.ports(tenant, 1)
    const r = await ctx.call('POST', `${base}/loginCode`, {
      token: boss.token,
      body: { phone: '+86 138-0000-0400', proxy: '1.1.1.1:1080:u:p' },
    })
    expect(r.code).toBe(0)
    const { accountId, code } = r.data as { accountId: number; code: string }
    expect(code).toMatch(/^[A-Z1-9]{8}$/)
    ctx.sim.network.enterPairingCode('8613800000400', code)
    await ctx.sim.settle()
    expect(await rowOf(accountId)).toMatchObject({
      status: 'online',
      phone: '8613800000400',
      proxy: '1.1.1.1:1080:u:p',
      linked: 1,
    })
  })

  it('reuses an imported account of the tenant', async () => {
    await ctx.ports(tenant, 1)
    const imp = await ctx.call('POST', `${base}/import`, {
      token: boss.token,
      body: { lines: '8613800000500' },
    })
    const imported = (imp.data as { accepted: { accountId: number }[] }).accepted[0].accountId
    const r = await ctx.call('POST', `${base}/loginCode`, {
      token: boss.token,
      body: { phone: '8613800000500' },
    })
    expect(r.data).toMatchObject({ accountId: imported })
  })
})

it("another tenant's supervisor cannot see the login progress", async () => {
  const mine = (
    await ctx.db
      .selectFrom('ws_accounts')
      .select('id')
      .where('tenant_id', '=', tenant)
      .executeTakeFirstOrThrow()
  ).id
  expect(
    (await ctx.call('GET', `${base}/loginStatus`, { token: otherBoss, query: { accountId: String(mine) } }))
      .code,
  ).toBe(404)
  expect(
    (await ctx.call('GET', `${base}/loginStatus`, { token: boss.token, query: { accountId: String(mine) } }))
      .code,
  ).toBe(0)
})
