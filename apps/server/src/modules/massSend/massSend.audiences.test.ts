import { FailureReason, MassSendPath } from '@app/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../test/harness.js'
import { customerSession, recordEvents } from '../../test/messaging.js'
import { multipartBody, pngFile } from '../materials/materials.fixtures.js'
import {
  MASS_ENV,
  MASS_SIM,
  MassDriver,
  type MassTenant,
  massApi,
  massTenant,
  taskBody,
  textsTo,
} from './massSend.fixtures.js'

let ctx: TestContext
let t: MassTenant
let api: ReturnType<typeof massApi>
let drive: MassDriver
const [SHOP1, SHOP2] = ['8613800000001', '8613800000002']

beforeAll(async () => {
  ctx = await createTestContext(MASS_ENV, MASS_SIM)
  api = massApi(ctx)
  drive = new MassDriver(ctx)
  t = await massTenant(ctx, 'acme', [SHOP1, SHOP2])
})
afterAll(() => ctx.close())

const fanOf = (phone: string, accountId: number) =>
  ctx.db
    .selectFrom('fans')
    .selectAll()
    .where('phone', '=', phone)
    .where('account_id', '=', accountId)
    .executeTakeFirstOrThrow()

describe('strangers', () => {
  it('checks each number on WhatsApp, spreads them over the numbers, makes fans of them and fills the variables', async () => {
    ctx.sim.network.addPhone('447700900005', { registered: false })
    const upload = multipartBody({ type: 'image' }, [{ name: 'a.png', data: pngFile(40, 40) }])
    const up = await ctx.call('POST', '/damai/customer/material/upload', {
      token: t.boss.token,
      body: upload.body,
      headers: { 'content-type': upload.contentType },
    })
    const mediaId = (up.data as { mediaId: number }).mediaId
    const phones = ['447700900001', '447700900002', '447700900003', '447700900004', '447700900005']
    const events = recordEvents(ctx)
    const id = await api.create(
      t.boss,
      taskBody({
        accountIds: t.accounts,
        audience: { type: 'strangers', phones: [...phones, '447700900001'] },
        sentences: [
          { type: 'text', text: 'Hi {phone}, this is {account}' },
          { type: 'image', mediaId, caption: 'for {phone}' },
        ],
      }),
    )
    await drive.finish(id)
    const log = await api.recipients(t.boss, id)
    expect(log.map((r) => [r.phone, r.accountId, r.state, r.failureReason, r.onWhatsApp])).toEqual([
      ['447700900001', t.accounts[0], 'sent', null, true],
      ['447700900002', t.accounts[1], 'sent', null, true],
      ['447700900003', t.accounts[0], 'sent', null, true],
      ['447700900004', t.accounts[1], 'sent', null, true],
      ['447700900005', t.accounts[0], 'failed', FailureReason.invalidCustomer, false],
    ])
    expect(textsTo(ctx, SHOP1, '447700900001')).toEqual([
      `Hi 447700900001, this is ${SHOP1}`,
      '[image] for 447700900001',
    ])
    expect(textsTo(ctx, SHOP2, '447700900004')).toEqual([
      `Hi 447700900004, this is ${SHOP2}`,
      '[image] for 447700900004',
    ])
    expect(textsTo(ctx, SHOP1, '447700900005')).toEqual([])
    expect((await fanOf('447700900003', t.accounts[0] as number)).source).toBe('stranger_mass_send')
    for (const r of log.filter((x) => x.state === 'sent'))
      expect(r.sentences.map((s) => [s.index, s.status])).toEqual([
        [0, 'sent'],
        [1, 'sent'],
      ])
    const d = await api.detail(t.boss, id)
    expect(d.counters).toMatchObject({
      total: 5,
      sent: 4,
      failed: 1,
      failedByReason: { invalid_customer: 1 },
      remaining: 0,
      messagesSent: 8,
    })
    // the progress pushed last is the counters the log adds up to
    const last = events.filter((e) => e.event === 'massSend.progress' && e.payload.taskId === id).at(-1)
    expect(last?.payload).toMatchObject({ status: 'completed', counters: d.counters })
  })
})

describe('customers', () => {
  let vip: number
  let cold: number
  const C = ['447700910001', '447700910002', '447700910003', '447700910004', '447700910005', '447700910006']

  beforeAll(async () => {
    for (const c of C.slice(0, 5)) await customerSession(ctx, c, SHOP2)
    await customerSession(ctx, C[5] as string, SHOP1)
    vip = (await api.post(t.boss, '/damai/customer/label', { name: 'vip' })).data as number
    vip = (
      (await api.post(t.boss, '/damai/customer/label/page', {})).data as {
        list: { id: number; name: string }[]
      }
    ).list.find((l) => l.name === 'vip')?.id as number
    cold = ((await api.post(t.boss, '/damai/customer/label', { name: 'cold' })).data as { id: number }).id
    const fan = async (i: number) =>
      (await fanOf(C[i] as string, (i === 5 ? t.accounts[0] : t.accounts[1]) as number)).id
    const vipFans = [await fan(0), await fan(1), await fan(2), await fan(3), await fan(5)]
    await api.post(t.boss, '/damai/customer/label/fan/add', { fanIds: vipFans, labelIds: [vip] })
    await api.post(t.boss, '/damai/customer/label/fan/add', { fanIds: [await fan(1)], labelIds: [cold] })
    await ctx.db
      .updateTable('fans')
      .set({ invalid: 1 })
      .where('id', '=', await fan(2))
      .execute()
    await ctx.db
      .updateTable('fans')
      .set({ mass_send_enabled: 0 })
      .where('id', '=', await fan(3))
      .execute()
  })

  it('reaches the included labels less the excluded ones, never invalid or forbidden fans, each from its own number', async () => {
    const audience = { type: 'customers', includeLabelIds: [vip], excludeLabelIds: [cold] }
    const count = await api.post(t.boss, MassSendPath.audienceCount, { audience })
    expect(count.data).toMatchObject({ count: 2 })
    // the preview's recipients are the real ones, each with the number that will write to them
    const sample = (count.data as { sample: { phone: string; account: string }[] }).sample
    expect(sample.map((r) => r.phone).sort()).toEqual([C[0], C[5]].sort())
    expect(sample.find((r) => r.phone === C[0])?.account).toBe(SHOP2)
    const id = await api.create(
      t.boss,
      taskBody({ audience, sentences: [{ type: 'text', text: 'Dear {nickname}' }] }),
    )
    await drive.finish(id)
    const log = await api.recipients(t.boss, id)
    expect(log.map((r) => [r.phone, r.accountId, r.state])).toEqual([
      [C[0], t.accounts[1], 'sent'],
      [C[5], t.accounts[0], 'sent'],
    ])
    expect(textsTo(ctx, SHOP2, C[0] as string)).toHaveLength(1)
    expect(textsTo(ctx, SHOP2, C[0] as string)[0]).toMatch(/^Dear /)
  })

  it('gives an agent only their own customers; narrows to accounts, country and source; all customers', async () => {
    const all = { type: 'customers', all: true }
    const agentCount = await api.post(t.agent, MassSendPath.audienceCount, { audience: all })
    // the agent's number: two strangers of the first task became fans there, and one customer wrote in
    expect(agentCount.data).toMatchObject({ count: 3 })
    const bossCount = await api.post(t.boss, MassSendPath.audienceCount, { audience: all })
    // the first stranger task's four fans, and the customers but the invalid and the forbidden one
    expect(bossCount.data).toMatchObject({ count: 8 })
    expect((bossCount.data as { sample: unknown[] }).sample).toHaveLength(3)
    const narrowed = await api.post(t.boss, MassSendPath.audienceCount, {
      audience: { ...all, country: 'gb', source: 'passive_add' },
      accountIds: [t.accounts[1]],
    })
    expect(narrowed.data).toMatchObject({ count: 3 })
    const id = await api.create(t.agent, taskBody({ audience: all }))
    await drive.finish(id)
    expect((await api.recipients(t.agent, id)).map((r) => r.phone)).toEqual([
      '447700900001',
      '447700900003',
      C[5],
    ])
  })

  it('fails a task whose filter reaches nobody', async () => {
    const id = await api.create(
      t.agent,
      taskBody({ audience: { type: 'customers', includeLabelIds: [cold] } }),
    )
    await drive.finish(id)
    const d = await api.detail(t.agent, id)
    expect(d).toMatchObject({ status: 'failed', failReason: 'empty_audience' })
  })
})

describe('groups', () => {
  it('writes into the chosen group chats of the tenant', async () => {
    const g = ctx.sim.network.createGroup('447700920001', 'Club', [SHOP1, '447700920002'])
    await ctx.sim.settle(1_000)
    ctx.sim.network.customerSendGroup('447700920002', g.id, { kind: 'text', text: 'hello all' })
    await ctx.sim.settle(1_000)
    const picker = await api.post(t.boss, MassSendPath.groups, {})
    const groups = (
      picker.data as { list: { id: number; subject: string; accountId: number; memberCount: number }[] }
    ).list
    expect(groups).toEqual([
      {
        id: expect.any(Number),
        subject: 'Club',
        accountId: t.accounts[0],
        accountPhone: SHOP1,
        memberCount: 3,
      },
    ])
    const id = await api.create(
      t.boss,
      taskBody({
        kind: 'group',
        audience: { type: 'groups', groupChatIds: [groups[0]?.id] },
        sentences: [{ type: 'text', text: 'News for {nickname}' }],
      }),
    )
    await drive.finish(id)
    const inGroup = ctx.sim.network.messagesBetween(SHOP1, g.id).filter((m) => m.from === SHOP1)
    expect(inGroup.map((m) => m.text)).toEqual(['News for Club'])
    expect((await api.recipients(t.boss, id)).map((r) => [r.groupChatId, r.title, r.state])).toEqual([
      [groups[0]?.id, 'Club', 'sent'],
    ])
  })
})
