import {
  ErrorCode,
  type FilledOrderTemplate,
  fillOrderTemplate,
  type OrderTemplateView,
  orderTemplateDate,
  OrderTemplatePath as P,
  Role,
} from '@app/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../test/harness.js'
import { customerSession } from '../../test/messaging.js'

let ctx: TestContext
let tenant: number
let boss: string
let agent: string
let rival: string
let session: number
const shop = '8613800009001'
const customer = '447700900901'

beforeAll(async () => {
  ctx = await createTestContext()
  tenant = await ctx.tenant('acme')
  const other = await ctx.tenant('rival')
  boss = (await ctx.as(tenant, Role.customerMaster, 'boss')).token
  const a = await ctx.as(tenant, Role.customerUser, 'agent')
  agent = a.token
  rival = (await ctx.as(other, Role.customerMaster, 'rival-boss')).token
  const account = await ctx.linkAccount(tenant, shop)
  await ctx.db.updateTable('ws_accounts').set({ agent_user_id: a.userId }).where('id', '=', account).execute()
  session = await customerSession(ctx, customer, shop)
})
afterAll(() => ctx.close())

describe('order template variables', () => {
  it('fills every known variable and leaves other braces as typed', () => {
    const values = { nickname: 'Ann', phone: '4477', account: '8613', date: '2026-01-02' }
    expect(
      fillOrderTemplate('Hi {nickname} ({phone}) from {account} on {date}, {other} {nickname}', values),
    ).toBe('Hi Ann (4477) from 8613 on 2026-01-02, {other} Ann')
    // the viewer's day: 23:30 UTC is the next day at UTC+8
    expect(orderTemplateDate(Date.UTC(2026, 0, 2, 23, 30), 480)).toBe('2026-01-03')
    expect(orderTemplateDate(Date.UTC(2026, 0, 2, 23, 30), 0)).toBe('2026-01-02')
  })
})

describe('order templates', () => {
  let id: number

  it('the supervisor adds, changes and lists them; a name is used once', async () => {
    const r = await ctx.call('POST', P.create, {
      token: boss,
      body: {
        name: 'Confirm',
        content: 'Dear {nickname}, order for {phone} confirmed by {account} on {date}.',
      },
    })
    expect(r.code).toBe(0)
    id = (r.data as { id: number }).id
    const again = await ctx.call('POST', P.create, { token: boss, body: { name: 'Confirm', content: 'x' } })
    expect(again.code).toBe(ErrorCode.orderTemplateNameTaken)
    expect((await ctx.call('POST', P.create, { token: boss, body: { name: '', content: 'x' } })).code).toBe(
      400,
    )
    expect((await ctx.call('POST', P.create, { token: agent, body: { name: 'A', content: 'x' } })).code).toBe(
      403,
    )
    const page = await ctx.call('POST', P.page, { token: boss, body: {} })
    expect((page.data as { list: OrderTemplateView[]; total: number }).total).toBe(1)
    expect(
      (await ctx.call('PUT', P.update, { token: rival, body: { id, name: 'X', content: 'y' } })).code,
    ).toBe(404)
  })

  it("are filled for the agent's open chat", async () => {
    await ctx.db.updateTable('fans').set({ nickname: 'Ann' }).where('phone', '=', customer).execute()
    const r = await ctx.call('POST', P.forChat, {
      token: agent,
      body: { sessionId: session, utcOffsetMinutes: 0 },
    })
    expect(r.code).toBe(0)
    const today = orderTemplateDate(Date.now(), 0)
    expect((r.data as { list: FilledOrderTemplate[] }).list).toEqual([
      {
        id,
        name: 'Confirm',
        content: 'Dear {nickname}, order for {phone} confirmed by {account} on {date}.',
        text: `Dear Ann, order for ${customer} confirmed by ${shop} on ${today}.`,
      },
    ])
  })

  it("refuses a chat outside the caller's scope", async () => {
    expect((await ctx.call('POST', P.forChat, { token: rival, body: { sessionId: session } })).code).toBe(404)
  })

  it('deletes', async () => {
    expect((await ctx.call('DELETE', P.remove, { token: rival, query: { id: String(id) } })).code).toBe(404)
    expect((await ctx.call('DELETE', P.remove, { token: boss, query: { id: String(id) } })).code).toBe(0)
    const r = await ctx.call('POST', P.forChat, { token: agent, body: { sessionId: session } })
    expect(r.data).toEqual({ list: [] })
  })
})
