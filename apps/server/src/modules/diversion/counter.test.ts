import { CounterPath as P, Role } from '@app/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../test/harness.js'

let ctx: TestContext
let tenant: number
let boss: string
let otherBoss: string
let a: number
let b: number
let theirs: number
const T0 = Date.UTC(2026, 0, 10)
const HOUR = 3_600_000

async function fans(accountId: number, times: number[], inherited = false) {
  for (const [i, t] of times.entries()) {
    await ctx.db
      .insertInto('fans')
      .values({
        tenant_id: tenant,
        account_id: accountId,
        jid: `4477${accountId}${i}${t}${inherited ? 1 : 0}@s.whatsapp.net`,
        phone: null,
        lid: null,
        source: 'passive_add',
        created_at: t,
        updated_at: t,
        inherited_from: inherited ? accountId : null,
      })
      .execute()
  }
}

beforeAll(async () => {
  ctx = await createTestContext()
  tenant = await ctx.tenant('acme')
  const other = await ctx.tenant('rival')
  boss = (await ctx.as(tenant, Role.customerMaster, 'boss')).token
  otherBoss = (await ctx.as(other, Role.customerMaster, 'rival-boss')).token
  a = await ctx.linkAccount(tenant, '8613800000001')
  b = await ctx.linkAccount(tenant, '8613800000002')
  theirs = await ctx.linkAccount(other, '8613800000009')
  // inside [T0, T0 + 10h]: the ends count; one before, one after, one inherited (not acquired here)
  await fans(a, [T0 - 1, T0, T0 + HOUR, T0 + 10 * HOUR, T0 + 10 * HOUR + 1])
  await fans(a, [T0 + 2 * HOUR], true)
  await fans(b, [T0 + 5 * HOUR])
})
afterAll(() => ctx.close())

const window = { startAt: T0, endAt: T0 + 10 * HOUR }

describe('counter', () => {
  it('refuses a bad body with a clear message, another role and another tenant’s accounts', async () => {
    const body = { name: 'Supplier A', accountIds: [a], ...window }
    expect((await ctx.call('POST', P.create, { body })).code).toBe(401)
    const agent = (await ctx.as(tenant, Role.customerUser, 'agent')).token
    expect((await ctx.call('POST', P.create, { token: agent, body })).code).toBe(403)
    const en = { language: 'en' }
    expect(
      await ctx.call('POST', P.create, { token: boss, headers: en, body: { ...body, accountIds: [] } }),
    ).toMatchObject({
      code: 400,
      msg: 'Choose the accounts',
    })
    expect(
      await ctx.call('POST', P.create, { token: boss, headers: en, body: { ...body, endAt: T0 - 1 } }),
    ).toMatchObject({ code: 400, msg: 'The end must be after the start' })
    expect(
      await ctx.call('POST', P.create, { token: boss, headers: en, body: { ...body, name: '' } }),
    ).toMatchObject({
      code: 400,
      msg: 'Enter the counter name',
    })
    expect(
      (await ctx.call('POST', P.create, { token: boss, body: { ...body, accountIds: [a, theirs] } })).code,
    ).toBe(3131)
  })

  it('tallies new fans of the chosen accounts created within the window', async () => {
    const made = await ctx.call('POST', P.create, {
      token: boss,
      body: { name: 'Supplier A', accountIds: [a, b], ...window },
    })
    const { id } = made.data as { id: number }
    const tally = await ctx.call('GET', P.tally, { token: boss, query: { id: String(id) } })
    expect(tally.data).toMatchObject({
      name: 'Supplier A',
      total: 4,
      rows: [
        { accountId: a, phone: '8613800000001', count: 3 },
        { accountId: b, phone: '8613800000002', count: 1 },
      ],
    })
    expect((await ctx.call('GET', P.tally, { token: otherBoss, query: { id: String(id) } })).code).toBe(404)
    expect((await ctx.call('POST', P.page, { token: otherBoss, body: {} })).data).toEqual({
      list: [],
      total: 0,
    })

    // a fan arriving now, inside a window that reaches now, counts at the next refresh
    await ctx.call('PUT', P.update, {
      token: boss,
      body: { id, name: 'Supplier A', accountIds: [b], startAt: T0, endAt: Date.now() + HOUR },
    })
    ctx.sim.network.customerSend('447700900001', '8613800000002', { kind: 'text', text: 'hi' })
    await ctx.sim.settle(100)
    expect((await ctx.call('GET', P.tally, { token: boss, query: { id: String(id) } })).data).toMatchObject({
      total: 2,
      rows: [{ accountId: b, count: 2 }],
    })
  })

  it('shares the tally read-only until the share expires or is revoked', async () => {
    const made = await ctx.call('POST', P.create, {
      token: boss,
      body: { name: 'Supplier B', accountIds: [a], ...window },
    })
    const { id } = made.data as { id: number }
    expect((await ctx.call('POST', P.share, { token: otherBoss, body: { id } })).code).toBe(404)
    const shared = await ctx.call('POST', P.share, {
      token: boss,
      body: { id, expiresAt: Date.now() + HOUR },
    })
    const code = (shared.data as { shareCode: string }).shareCode
    expect(code).toHaveLength(16)
    const seen = await ctx.call('GET', P.publicTally, { query: { c: code } })
    expect(seen.data).toMatchObject({ name: 'Supplier B', total: 3, rows: [{ accountId: a, count: 3 }] })

    expect((await ctx.call('PUT', P.revoke, { token: otherBoss, body: { id } })).code).toBe(404)
    expect((await ctx.call('PUT', P.revoke, { token: boss, body: { id } })).code).toBe(0)
    expect(
      await ctx.call('GET', P.publicTally, { query: { c: code }, headers: { language: 'en' } }),
    ).toMatchObject({
      code: 3136,
      msg: 'This share link is invalid, expired or revoked',
    })

    const again = await ctx.call('POST', P.share, { token: boss, body: { id, expiresAt: Date.now() - 1 } })
    const expired = (again.data as { shareCode: string }).shareCode
    expect(expired).not.toBe(code)
    expect((await ctx.call('GET', P.publicTally, { query: { c: expired } })).code).toBe(3136)
    expect((await ctx.call('GET', P.publicTally, { query: { c: 'no-such-code-123' } })).code).toBe(3136)

    expect((await ctx.call('DELETE', P.remove, { token: otherBoss, query: { id: String(id) } })).code).toBe(
      404,
    )
    expect((await ctx.call('DELETE', P.remove, { token: boss, query: { id: String(id) } })).code).toBe(0)
  })
})
