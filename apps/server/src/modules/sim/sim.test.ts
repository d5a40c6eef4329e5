import { ErrorCode, type SimLinkResult, type SimPendingQr, type SimPhoneView } from '@app/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../test/harness.js'

let ctx: TestContext
let tenant: number
const base = '/damai/sim'

beforeAll(async () => {
  ctx = await createTestContext()
  tenant = await ctx.tenant('acme')
})
afterAll(() => ctx.close())

const rowOf = (id: number) =>
  ctx.db.selectFrom('ws_accounts').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
const phones = async () => (await ctx.call('GET', `${base}/phones`)).data as SimPhoneView[]
const pendingQrs = async () => (await ctx.call('GET', `${base}/qrs`)).data as SimPendingQr[]

describe('without the simulated network', () => {
  it('has no /damai/sim routes', async () => {
    const plain = await createTestContext({}, { simRoutes: false })
    try {
      for (const [method, url] of [
        ['GET', `${base}/phones`],
        ['GET', `${base}/qrs`],
        ['POST', `${base}/scan`],
        ['POST', `${base}/fault`],
      ] as const) {
        const r = await plain.call(method, url, method === 'POST' ? { body: {} } : {})
        expect(r.res.statusCode).toBe(404)
        expect(r.code).toBe(ErrorCode.notFound)
      }
    } finally {
      await plain.close()
    }
  })
})

describe('linking an account on the simulated phone', () => {
  it('shows the QR of a pending login, and links the account when a phone scans it', async () => {
    await ctx.ports(tenant, 1)
    const { accountId } = await ctx.messaging.login.loginQr(tenant, 0)
    const qrs = await pendingQrs()
    const shown = qrs.find((q) => q.accountId === accountId)
    expect(shown).toMatchObject({ accountId, tenant: 'acme' })
    expect(shown?.qrDataUrl).toMatch(/^data:image\//)
    expect(shown?.expiresAt).toBeGreaterThan(ctx.sim.clock.now())

    const r = await ctx.call('POST', `${base}/scan`, { body: { phone: '+86 138-0000-0901', qr: shown?.qr } })
    expect(r.code).toBe(0)
    expect(r.data).toEqual({ accountId, phone: '8613800000901' } satisfies SimLinkResult)
    await ctx.sim.settle()
    expect(await rowOf(accountId)).toMatchObject({ status: 'online', phone: '8613800000901', linked: 1 })
    expect((await pendingQrs()).some((q) => q.accountId === accountId)).toBe(false)
    expect((await phones()).find((p) => p.number === '8613800000901')).toMatchObject({
      isAccount: true,
      linked: true,
      online: true,
      accountIds: [accountId],
      banned: false,
    })
  })

  it('refuses a QR that no login shows, or one already used, and changes nothing', async () => {
    const before = await phones()
    const bad = await ctx.call('POST', `${base}/scan`, {
      body: { phone: '8613800000902', qr: 'SIMLINK:nope' },
      headers: { language: 'en' },
    })
    expect(bad.code).toBe(ErrorCode.simQrInvalid)
    expect(bad.msg).toBe('This QR code is not valid (expired or already used)')

    await ctx.ports(tenant, 1)
    const { accountId } = await ctx.messaging.login.loginQr(tenant, 0)
    const qr = (await pendingQrs()).find((q) => q.accountId === accountId)?.qr
    expect((await ctx.call('POST', `${base}/scan`, { body: { phone: '8613800000903', qr } })).code).toBe(0)
    const again = await ctx.call('POST', `${base}/scan`, { body: { phone: '8613800000904', qr } })
    expect(again.code).toBe(ErrorCode.simQrInvalid)
    expect(again.msg).toBe('二维码无效（已过期或已被使用）')
    const now = await phones()
    expect(now.map((p) => p.number).sort()).toEqual([...before.map((p) => p.number), '8613800000903'].sort())
  })

  it('links by pairing code only with the right code on the right number', async () => {
    await ctx.ports(tenant, 1)
    const phone = '8613800000905'
    const { accountId, code } = await ctx.messaging.login.loginCode(tenant, 0, phone)
    expect(code).toMatch(/^[A-Z0-9]{8}$/)
    const wrong = await ctx.call('POST', `${base}/pair`, { body: { phone, code: 'AAAA-AAAA' } })
    expect(wrong.code).toBe(ErrorCode.simPairingCodeInvalid)
    const otherPhone = await ctx.call('POST', `${base}/pair`, { body: { phone: '8613800000906', code } })
    expect(otherPhone.code).toBe(ErrorCode.simPairingCodeInvalid)
    expect((await rowOf(accountId)).status).toBe('logging_in')

    const typed = `${code?.slice(0, 4).toLowerCase()}-${code?.slice(4)}`
    const r = await ctx.call('POST', `${base}/pair`, { body: { phone: `+${phone}`, code: typed } })
    expect(r.code).toBe(0)
    expect(r.data).toEqual({ accountId, phone })
    await ctx.sim.settle()
    expect(await rowOf(accountId)).toMatchObject({ status: 'online', linked: 1 })
  })

  it('refuses a banned phone', async () => {
    ctx.sim.network.addPhone('8613800000907')
    ctx.sim.network.ban('8613800000907')
    await ctx.ports(tenant, 1)
    const { accountId } = await ctx.messaging.login.loginQr(tenant, 0)
    const qr = (await pendingQrs()).find((q) => q.accountId === accountId)?.qr
    const r = await ctx.call('POST', `${base}/scan`, { body: { phone: '8613800000907', qr } })
    expect(r.code).toBe(ErrorCode.simPhoneBanned)
    expect((await rowOf(accountId)).status).toBe('logging_in')
  })

  it.each([
    [{ phone: '1234567', qr: 'SIMLINK:x' }, 'Invalid phone number'],
    [{ phone: '86138abc00001', qr: 'SIMLINK:x' }, 'Invalid phone number'],
    [{ phone: '123456789012345678901', qr: 'SIMLINK:x' }, 'Invalid phone number'],
    [{ qr: 'SIMLINK:x' }, 'Enter the phone number'],
    [{ phone: '8613800000908', qr: '' }, 'This field is required'],
  ])('answers bad input %j with a clear message and creates no phone', async (body, msg) => {
    const before = (await phones()).length
    const r = await ctx.call('POST', `${base}/scan`, { body, headers: { language: 'en' } })
    expect(r.code).toBe(ErrorCode.badRequest)
    expect(r.msg).toBe(msg)
    expect((await phones()).length).toBe(before)
  })

  it('refuses a malformed pairing code', async () => {
    const r = await ctx.call('POST', `${base}/pair`, { body: { phone: '8613800000905', code: 'ABC' } })
    expect(r.code).toBe(ErrorCode.badRequest)
  })
})

describe('faults on a linked number', () => {
  it('refuses faults on unknown phones and on customers', async () => {
    const unknown = await ctx.call('POST', `${base}/fault`, {
      body: { phone: '8613899999999', fault: 'ban' },
    })
    expect(unknown.code).toBe(ErrorCode.simPhoneUnknown)
    ctx.sim.network.addPhone('447700900991', { name: 'Customer' })
    const customer = await ctx.call('POST', `${base}/fault`, {
      body: { phone: '447700900991', fault: 'ban' },
    })
    expect(customer.code).toBe(ErrorCode.simNotLinkedNumber)
    expect((await phones()).find((p) => p.number === '447700900991')?.banned).toBe(false)
    const bad = await ctx.call('POST', `${base}/fault`, { body: { phone: '447700900991', fault: 'explode' } })
    expect(bad.code).toBe(ErrorCode.badRequest)
  })

  it('disconnects, pushes out, removes the device, bans and unbans', async () => {
    const fault = (phone: string, f: string, extra: object = {}) =>
      ctx.call('POST', `${base}/fault`, { body: { phone, fault: f, ...extra } })

    const dropped = await ctx.linkAccount(tenant, '8613800000911')
    expect((await fault('8613800000911', 'disconnect', { outageMs: 5_000 })).code).toBe(0)
    await ctx.sim.settle()
    expect(await rowOf(dropped)).toMatchObject({ status: 'abnormal', abnormal_reason: 'network_fault' })
    // the product retries with a jittered backoff (at most 5 min apart) and gets back once the outage ends
    await ctx.sim.settle(600_000)
    expect((await rowOf(dropped)).status).toBe('online')

    const pushed = await ctx.linkAccount(tenant, '8613800000912')
    expect((await fault('8613800000912', 'pushOut')).code).toBe(0)
    await ctx.sim.settle()
    expect(await rowOf(pushed)).toMatchObject({ status: 'abnormal', abnormal_reason: 'pushed_out' })

    const removed = await ctx.linkAccount(tenant, '8613800000913')
    const r = await fault('8613800000913', 'deviceRemoved')
    expect((r.data as SimPhoneView).linked).toBe(false)
    await ctx.sim.settle()
    expect(await rowOf(removed)).toMatchObject({ status: 'abnormal', abnormal_reason: 'device_removed' })
    expect((await fault('8613800000913', 'deviceRemoved')).code).toBe(ErrorCode.simNotLinkedNumber)

    const banned = await ctx.linkAccount(tenant, '8613800000914')
    expect(((await fault('8613800000914', 'ban')).data as SimPhoneView).banned).toBe(true)
    await ctx.sim.settle()
    expect((await rowOf(banned)).status).toBe('banned')
    expect(((await fault('8613800000914', 'unban')).data as SimPhoneView).banned).toBe(false)
    expect((await phones()).find((p) => p.number === '8613800000914')?.banned).toBe(false)
  })
})
