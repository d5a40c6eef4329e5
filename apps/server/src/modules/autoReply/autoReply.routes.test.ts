import { type AutoReplyRuleView, ErrorCode, type Page, Role } from '@app/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type Signed, type TestContext } from '../../test/harness.js'
import { P, ruleBody } from './autoReply.fixtures.js'

let ctx: TestContext
let tenant: number
let boss: Signed
let agent: Signed
let agent2: Signed
let lead: Signed
let otherBoss: Signed

beforeAll(async () => {
  ctx = await createTestContext({}, { simRoutes: false })
  tenant = await ctx.tenant('acme')
  boss = await ctx.as(tenant, Role.customerMaster, 'ar-boss')
  agent = await ctx.as(tenant, Role.customerUser, 'ar-agent')
  agent2 = await ctx.as(tenant, Role.customerUser, 'ar-agent2')
  lead = await ctx.as(tenant, Role.customerUserLeader, 'ar-lead')
  const other = await ctx.tenant('globex')
  otherBoss = await ctx.as(other, Role.customerMaster, 'ar-other')
})
afterAll(() => ctx.close())

const en = { Language: 'en' }
const create = (who: Signed, body: Record<string, unknown>) =>
  ctx.call('POST', P.create, { token: who.token, body, headers: en })
const update = (who: Signed, id: number, body: Record<string, unknown> = ruleBody()) =>
  ctx.call('PUT', P.update, { token: who.token, body: { id, ...body }, headers: en })
const enable = (who: Signed, id: number, enabled: boolean) =>
  ctx.call('PUT', P.enable, { token: who.token, body: { id, enabled }, headers: en })
const remove = (who: Signed, id: number) =>
  ctx.call('DELETE', P.remove, { token: who.token, query: { id: String(id) }, headers: en })
const page = async (who: Signed, body: Record<string, unknown> = {}) => {
  const r = await ctx.call('POST', P.page, { token: who.token, body, headers: en })
  expect(r.code).toBe(0)
  return r.data as Page<AutoReplyRuleView>
}
const made = async (who: Signed, body: Record<string, unknown>) => {
  const r = await create(who, body)
  expect(r.code, r.msg).toBe(0)
  return (r.data as { id: number }).id
}

describe('who may call', () => {
  it('refuses no token, the team lead, and another tenant’s rule', async () => {
    expect((await ctx.call('POST', P.page, { body: {} })).code).toBe(ErrorCode.unauthorized)
    expect((await create(lead, ruleBody())).code).toBe(ErrorCode.forbidden)
    const id = await made(boss, ruleBody({ name: 'mine' }))
    expect((await update(otherBoss, id)).code).toBe(ErrorCode.notFound)
    expect((await enable(otherBoss, id, false)).code).toBe(ErrorCode.notFound)
    expect((await remove(otherBoss, id)).code).toBe(ErrorCode.notFound)
    expect((await page(otherBoss)).list.map((r) => r.id)).not.toContain(id)
  })
})

describe('the rules of the form, each with its message', () => {
  const refused: [string, Record<string, unknown>, string][] = [
    ['no keyword', { keywords: [] }, 'Keywords cannot be empty'],
    ['a blank keyword', { keywords: ['  '] }, 'Keywords cannot be empty'],
    ['an English comma', { keywords: ['price,cost'] }, 'A keyword cannot contain an English comma'],
    ['a limit over 50', { replyLimit: 51 }, 'The reply limit is at most 50 (empty or 0: no limit)'],
    ['an interval over 60 s', { sendInterval: 61 }, 'The send interval is at most 60 seconds'],
    ['a delay over 60 s', { replyDelay: 61 }, 'The reply delay is at most 60 seconds'],
    ['no name', { name: ' ' }, 'Enter the rule name'],
    ['no reply type', { replyType: undefined }, 'Choose the reply type'],
    ['no classification', { classification: undefined }, 'Choose the classification'],
    ['no content', { sentences: [] }, 'Add the reply content'],
    ['an empty text', { sentences: [{ type: 'text', text: '   ' }] }, 'A text sentence cannot be empty'],
    ['no enabled flag', { enabled: undefined }, 'Choose whether the rule is enabled'],
    ['no match mode', { matchMode: undefined }, 'Choose the match mode'],
    ['labels without labels', { audience: 'labels', labelIds: [] }, 'Choose the labels'],
  ]
  it.each(refused)('refuses %s', async (_what, over, message) => {
    const r = await create(boss, ruleBody(over))
    expect(r.code).toBe(ErrorCode.badRequest)
    expect(r.msg).toBe(message)
  })

  it('answers in Chinese by default', async () => {
    const r = await ctx.call('POST', P.create, { token: boss.token, body: ruleBody({ keywords: ['a,b'] }) })
    expect(r.msg).toBe('关键词不能包含英文逗号')
  })

  it('requires the customer service of a supervisor’s personal rule, and real agents', async () => {
    const none = await create(boss, ruleBody({ classification: 'personal', agentUserIds: [] }))
    expect([none.code, none.msg]).toEqual([ErrorCode.badRequest, 'Choose the customer service'])
    const stranger = await create(
      boss,
      ruleBody({ classification: 'personal', agentUserIds: [otherBoss.userId] }),
    )
    expect(stranger.code).toBe(ErrorCode.autoReplyAgentUnknown)
    expect((await create(boss, ruleBody({ audience: 'labels', labelIds: [999_999] }))).code).toBe(
      ErrorCode.autoReplyLabelUnknown,
    )
    expect(
      (await create(boss, ruleBody({ sentences: [{ type: 'material', materialId: 999_999 }] }))).code,
    ).toBe(ErrorCode.autoReplyMaterialUnusable)
  })

  it('takes the limits at their edges: empty or 0 is no limit, 50 and 60 s are allowed, a Chinese comma is fine', async () => {
    const a = await made(boss, ruleBody({ name: 'edges', replyLimit: 50, replyDelay: 60, sendInterval: 60 }))
    const b = await made(boss, ruleBody({ name: 'unlimited', replyLimit: null, keywords: ['价格，报价'] }))
    const c = await made(boss, ruleBody({ name: 'zero', replyLimit: 0 }))
    const list = (await page(boss, { pageSize: 100 })).list
    const by = (id: number) => list.find((r) => r.id === id)
    expect(by(a)).toMatchObject({ replyLimit: 50, replyDelay: 60, sendInterval: 60 })
    expect(by(b)).toMatchObject({ replyLimit: 0, keywords: ['价格，报价'] })
    expect(by(c)?.replyLimit).toBe(0)
  })
})

describe('only the creator operates a rule', () => {
  it('lets others read a rule but refuses their edit, switch and delete with the spec’s message', async () => {
    const id = await made(boss, ruleBody({ name: 'public one', keywords: ['hours'] }))
    const seen = (await page(agent)).list.find((r) => r.id === id)
    expect(seen).toMatchObject({
      classification: 'public',
      can: { edit: false, delete: false, enable: false },
    })
    for (const r of [await update(agent, id), await enable(agent, id, false), await remove(agent, id)]) {
      expect(r.code).toBe(ErrorCode.autoReplyNotCreator)
      expect(r.msg).toBe('Auto-reply rules created by another user cannot be operated')
    }
    expect((await page(boss)).list.find((r) => r.id === id)).toMatchObject({
      enabled: true,
      can: { edit: true, delete: true, enable: true },
    })
  })

  it('gives an agent personal rules of their own, which the supervisor reads but cannot operate', async () => {
    expect((await create(agent, ruleBody({ classification: 'public' }))).code).toBe(
      ErrorCode.autoReplyPublicForbidden,
    )
    const id = await made(
      agent,
      ruleBody({ name: 'agent rule', classification: 'personal', agentUserIds: [] }),
    )
    const own = (await page(agent)).list.find((r) => r.id === id)
    expect(own).toMatchObject({
      agentUserIds: [agent.userId],
      creatorUserId: agent.userId,
      can: { edit: true },
    })
    expect((await page(boss)).list.find((r) => r.id === id)?.can.edit).toBe(false)
    expect((await enable(boss, id, false)).code).toBe(ErrorCode.autoReplyNotCreator)
    // another agent does not see it at all
    expect((await page(agent2)).list.map((r) => r.id)).not.toContain(id)
    expect((await update(agent2, id)).code).toBe(ErrorCode.notFound)
    // the creator edits, switches and deletes it
    const edited = await update(agent, id, ruleBody({ name: 'renamed', classification: 'personal' }))
    expect(edited.code, edited.msg).toBe(0)
    expect((await enable(agent, id, false)).code).toBe(0)
    expect((await page(agent)).list.find((r) => r.id === id)).toMatchObject({
      name: 'renamed',
      enabled: false,
    })
    expect((await remove(agent, id)).code).toBe(0)
    expect((await page(agent)).list.map((r) => r.id)).not.toContain(id)
  })

  it('shows a supervisor’s personal rule to the agents it names, read-only', async () => {
    const id = await made(
      boss,
      ruleBody({ name: 'for agent', classification: 'personal', agentUserIds: [agent.userId] }),
    )
    expect((await page(agent)).list.find((r) => r.id === id)?.can.edit).toBe(false)
    expect((await page(agent2)).list.map((r) => r.id)).not.toContain(id)
  })

  it('searches names and keywords, ignoring case', async () => {
    await made(boss, ruleBody({ name: 'Refund policy', keywords: ['REFUND', 'money back'] }))
    expect((await page(boss, { keyword: 'refund' })).list.map((r) => r.name)).toEqual(['Refund policy'])
    expect((await page(boss, { keyword: 'MONEY BACK' })).list.map((r) => r.name)).toEqual(['Refund policy'])
  })
})
