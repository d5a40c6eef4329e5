import { ErrorCode, errorMessages, MassSendPath, Role, validationMessages } from '@app/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminToken, createTestContext, type Signed, type TestContext } from '../../test/harness.js'
import { recordEvents } from '../../test/messaging.js'
import { multipartBody } from '../materials/materials.fixtures.js'
import {
  MASS_ENV,
  MASS_SIM,
  MassDriver,
  type MassTenant,
  massApi,
  massTenant,
  taskBody,
} from './massSend.fixtures.js'

let ctx: TestContext
let acme: MassTenant
let rival: MassTenant
let api: ReturnType<typeof massApi>
let drive: MassDriver
let rivalLabel: number
let rivalGroup: number
let rivalTask: number

const en = validationMessages.en
const body = (over: Record<string, unknown> = {}) => taskBody({ accountIds: acme.accounts, ...over })
const create = (who: Signed | null, b: unknown, lang: 'en' | 'zh' = 'en') =>
  api.post(who, MassSendPath.create, b, { lang })

beforeAll(async () => {
  ctx = await createTestContext(MASS_ENV, MASS_SIM)
  api = massApi(ctx)
  drive = new MassDriver(ctx)
  acme = await massTenant(ctx, 'acme', ['8613800000001', '8613800000002'])
  rival = await massTenant(ctx, 'rival', ['8613900000001'])
  const label = await api.post(rival.boss, '/damai/customer/label', { name: 'rivalvip' })
  rivalLabel = (label.data as { id: number }).id
  const g = ctx.sim.network.createGroup('447700900050', 'rival group', ['8613900000001'])
  await ctx.sim.settle(1_000)
  ctx.sim.network.customerSendGroup('447700900050', g.id, { kind: 'text', text: 'hello group' })
  await ctx.sim.settle(1_000)
  const row = await ctx.db
    .selectFrom('group_chats')
    .select('id')
    .where('tenant_id', '=', rival.tenantId)
    .executeTakeFirstOrThrow()
  rivalGroup = row.id
  rivalTask = await api.create(rival.boss, taskBody({ accountIds: rival.accounts }))
})
afterAll(() => ctx.close())

describe('who may call', () => {
  it('answers 401 without a token on every route', async () => {
    for (const [method, url] of [
      ['POST', MassSendPath.create],
      ['POST', MassSendPath.page],
      ['GET', `${MassSendPath.detail}?taskId=1`],
      ['PUT', MassSendPath.pause],
      ['DELETE', `${MassSendPath.remove}?taskId=1`],
      ['POST', MassSendPath.recipients],
      ['POST', MassSendPath.export],
      ['POST', MassSendPath.chart],
      ['POST', MassSendPath.audienceCount],
      ['POST', MassSendPath.groups],
      ['POST', MassSendPath.parsePhones],
    ] as const) {
      const r = await ctx.call(method, url, {
        body: method === 'GET' || method === 'DELETE' ? undefined : {},
      })
      expect(r.code, url).toBe(ErrorCode.unauthorized)
    }
  })

  it('refuses the team lead and platform staff (403) on every route, lets the supervisor and agents in', async () => {
    const admin = { token: await adminToken(ctx) } as Signed
    const routes = [
      ['POST', MassSendPath.create, body()],
      ['POST', MassSendPath.page, {}],
      ['GET', `${MassSendPath.detail}?taskId=${rivalTask}`, undefined],
      ['PUT', MassSendPath.start, { taskId: rivalTask }],
      ['PUT', MassSendPath.pause, { taskId: rivalTask }],
      ['PUT', MassSendPath.resume, { taskId: rivalTask }],
      ['PUT', MassSendPath.terminate, { taskId: rivalTask }],
      ['DELETE', `${MassSendPath.remove}?taskId=${rivalTask}`, undefined],
      ['POST', MassSendPath.recipients, { taskId: rivalTask }],
      ['POST', MassSendPath.export, { taskId: rivalTask }],
      ['POST', MassSendPath.chart, { taskId: rivalTask }],
      ['POST', MassSendPath.audienceCount, { audience: { type: 'customers', all: true } }],
      ['POST', MassSendPath.groups, {}],
      ['POST', MassSendPath.parsePhones, {}],
    ] as const
    for (const who of [acme.lead, admin])
      for (const [method, url, b] of routes) {
        const r = await ctx.call(method, url, { token: who.token, body: b })
        expect(r.code, `${method} ${url}`).toBe(ErrorCode.forbidden)
      }
    expect((await api.post(acme.boss, MassSendPath.page, {})).code).toBe(0)
    expect((await api.post(acme.agent, MassSendPath.page, {})).code).toBe(0)
  })
})

describe("create: the mass-send form's rules, each with its message", () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ['no name', { name: undefined }, en['massSend.nameRequired']],
    ['a blank name', { name: '   ' }, en['massSend.nameRequired']],
    ['a name too long', { name: 'x'.repeat(51) }, en['massSend.nameLength']],
    ['no kind', { kind: undefined }, en['massSend.kindRequired']],
    ['no send method', { method: undefined }, en['massSend.methodRequired']],
    ['no customers or groups', { audience: undefined }, en['massSend.audienceRequired']],
    ['no phones', { audience: { type: 'strangers', phones: [] } }, en['massSend.phonesRequired']],
    ['a bad phone', { audience: { type: 'strangers', phones: ['12ab'] } }, en['phone.invalid']],
    ['no labels nor all customers', { audience: { type: 'customers' } }, en['massSend.customersRequired']],
    [
      'no groups',
      { kind: 'group', audience: { type: 'groups', groupChatIds: [] } },
      en['massSend.groupsRequired'],
    ],
    [
      'a group audience of a personal task',
      { audience: { type: 'groups', groupChatIds: [1] } },
      en['massSend.kindAudience'],
    ],
    [
      'a group task that waits for replies',
      { kind: 'group', method: 'after_reply', audience: { type: 'groups', groupChatIds: [1] } },
      en['massSend.groupMethod'],
    ],
    ['strangers without sending accounts', { accountIds: [] }, en['massSend.accountsRequired']],
    ['no sentences', { sentences: [] }, en['massSend.sentencesRequired']],
    ['an empty text', { sentences: [{ type: 'text', text: '  ' }] }, en['material.textRequired']],
    ['a sentence of no type', { sentences: [{ text: 'x' }] }, en['massSend.sentenceType']],
    [
      'eleven sentences',
      { sentences: Array(11).fill({ type: 'text', text: 'x' }) },
      en['massSend.sentencesTooMany'],
    ],
    ['no sentence interval', { sentenceInterval: undefined }, en['massSend.sentenceIntervalRequired']],
    ['no customer interval', { customerInterval: undefined }, en['massSend.customerIntervalRequired']],
    [
      'a negative interval',
      { customerInterval: { min: -1, max: 3 } },
      en['massSend.customerIntervalRequired'],
    ],
    ['a range upside down', { sentenceInterval: { min: 5, max: 2 } }, en['massSend.rangeOrder']],
    ['no send count', { sendCount: undefined }, en['massSend.sendCountRequired']],
    ['a send count of 0', { sendCount: { min: 0, max: 1 } }, en['massSend.sendCountRequired']],
    ['a wait under a minute', { method: 'after_reply', waitTimeout: 10 }, en['massSend.waitTimeout']],
  ]
  it.each(cases)('refuses %s', async (_, over, message) => {
    const b = body(over)
    for (const [k, v] of Object.entries(over)) if (v === undefined) delete b[k]
    const r = await create(acme.boss, b)
    expect({ code: r.code, msg: r.msg }).toEqual({ code: ErrorCode.badRequest, msg: message })
  })

  it('answers in Chinese by default', async () => {
    const r = await create(acme.boss, body({ name: '' }), 'zh')
    expect(r.msg).toBe(validationMessages.zh['massSend.nameRequired'])
  })

  it("refuses another tenant's accounts, labels, groups and materials, and an agent another agent's account", async () => {
    expect((await create(acme.boss, body({ accountIds: rival.accounts }))).code).toBe(
      ErrorCode.massSendAccountUnusable,
    )
    expect((await create(acme.agent, body({ accountIds: [acme.accounts[1]] }))).code).toBe(
      ErrorCode.massSendAccountUnusable,
    )
    const customers = { type: 'customers', includeLabelIds: [rivalLabel] }
    expect((await create(acme.boss, body({ audience: customers }))).code).toBe(ErrorCode.notFound)
    const groups = { kind: 'group', audience: { type: 'groups', groupChatIds: [rivalGroup] } }
    expect((await create(acme.boss, body(groups))).code).toBe(ErrorCode.massSendGroupUnusable)
    const material = { sentences: [{ type: 'material', materialId: 999_999 }] }
    expect((await create(acme.boss, body(material))).code).toBe(ErrorCode.massSendMaterialUnusable)
    const count = await api.post(acme.boss, MassSendPath.audienceCount, {
      audience: { type: 'customers', all: true },
      accountIds: rival.accounts,
    })
    expect(count.code).toBe(ErrorCode.massSendAccountUnusable)
    const picker = await api.post(acme.boss, MassSendPath.groups, { accountIds: rival.accounts })
    expect(picker.data).toEqual({ list: [], nextCursor: null })
    const file = { sentences: [{ type: 'image', mediaId: 999_999 }] }
    expect((await create(acme.boss, body(file))).code).toBe(ErrorCode.massSendMediaMissing)
    expect(
      await ctx.db
        .selectFrom('mass_send_tasks')
        .select('id')
        .where('tenant_id', '=', acme.tenantId)
        .execute(),
    ).toEqual([])
  })

  it('refuses an expired subscription with its message', async () => {
    const other = await massTenant(ctx, 'lapsed', ['8613800000009'])
    await ctx.db
      .updateTable('users')
      .set({ valid_end_date: Date.now() - 3 * 86_400_000 })
      .where('tenant_id', '=', other.tenantId)
      .execute()
    const r = await create(other.boss, taskBody({ accountIds: other.accounts }))
    expect({ code: r.code, msg: r.msg }).toEqual({
      code: ErrorCode.vipExpired,
      msg: errorMessages[ErrorCode.vipExpired].en,
    })
  })

  it('takes up to 100,000 phones in one body, deduplicated', async () => {
    const phones = Array.from({ length: 100_000 }, (_, i) => `44770${String(i % 99_990).padStart(7, '0')}`)
    const id = await api.create(acme.boss, body({ audience: { type: 'strangers', phones } }))
    const n = await ctx.db
      .selectFrom('mass_send_recipients')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('task_id', '=', id)
      .executeTakeFirstOrThrow()
    expect(Number(n.n)).toBe(99_990)
    expect((await api.put(acme.boss, MassSendPath.terminate, { taskId: id })).code).toBe(0)
    expect((await api.del(acme.boss, MassSendPath.remove, { taskId: String(id) })).code).toBe(0)
  }, 60_000)
})

describe("another tenant's task", () => {
  it('is not found on every route that names a task, and stays as it was', async () => {
    const taskId = rivalTask
    const before = await ctx.db
      .selectFrom('mass_send_tasks')
      .selectAll()
      .where('id', '=', taskId)
      .executeTakeFirstOrThrow()
    expect((await api.get(acme.boss, `${MassSendPath.detail}?taskId=${taskId}`)).code).toBe(
      ErrorCode.notFound,
    )
    for (const p of [MassSendPath.start, MassSendPath.pause, MassSendPath.resume, MassSendPath.terminate])
      expect((await api.put(acme.boss, p, { taskId })).code, p).toBe(ErrorCode.notFound)
    expect((await api.del(acme.boss, MassSendPath.remove, { taskId: String(taskId) })).code).toBe(
      ErrorCode.notFound,
    )
    for (const p of [MassSendPath.recipients, MassSendPath.export, MassSendPath.chart])
      expect((await api.post(acme.boss, p, { taskId })).code, p).toBe(ErrorCode.notFound)
    expect(
      await ctx.db
        .selectFrom('mass_send_tasks')
        .selectAll()
        .where('id', '=', taskId)
        .executeTakeFirstOrThrow(),
    ).toEqual(before)
    const list = await api.post(acme.boss, MassSendPath.page, {})
    expect((list.data as { list: { id: number }[] }).list.map((t) => t.id)).not.toContain(taskId)
  })
})

describe('a task through its life', () => {
  it('lists, details, pauses, resumes, terminates and deletes, each action only in its status', async () => {
    const events = recordEvents(ctx)
    const id = await api.create(
      acme.boss,
      body({
        audience: { type: 'strangers', phones: ['447700910001', '447700910002', '447700910003'] },
        appointmentAt: Date.now() + 3_600_000,
      }),
    )
    await drive.until(async () => (await drive.status(id)) !== 'preparing')
    expect(await drive.status(id)).toBe('pending')
    expect((await api.put(acme.boss, MassSendPath.pause, { taskId: id })).code).toBe(
      ErrorCode.massSendNotExecuting,
    )
    expect((await api.put(acme.boss, MassSendPath.resume, { taskId: id })).code).toBe(
      ErrorCode.massSendNotPaused,
    )
    expect((await api.put(acme.boss, MassSendPath.start, { taskId: id })).code).toBe(0)
    expect(await drive.status(id)).toBe('executing')
    expect((await api.del(acme.boss, MassSendPath.remove, { taskId: String(id) })).code).toBe(
      ErrorCode.massSendDeleteExecuting,
    )
    expect((await api.put(acme.boss, MassSendPath.start, { taskId: id })).code).toBe(
      ErrorCode.massSendNotPending,
    )
    expect((await api.put(acme.boss, MassSendPath.pause, { taskId: id })).code).toBe(0)
    const page = await api.post(acme.boss, MassSendPath.page, { status: 'paused' })
    const listed = (
      page.data as { list: { id: number; can: Record<string, boolean>; createdByName: string }[] }
    ).list
    expect(listed.find((t) => t.id === id)).toMatchObject({
      can: { start: false, pause: false, resume: true, terminate: true, delete: true },
      createdByName: 'acme-boss',
    })
    expect((await api.put(acme.boss, MassSendPath.resume, { taskId: id })).code).toBe(0)
    expect((await api.put(acme.boss, MassSendPath.terminate, { taskId: id })).code).toBe(0)
    expect((await api.put(acme.boss, MassSendPath.terminate, { taskId: id })).code).toBe(
      ErrorCode.massSendFinished,
    )
    const d = await api.detail(acme.boss, id)
    expect(d.counters).toMatchObject({ total: 3, cancelled: 3, remaining: 0 })
    expect(d.events.map((e) => e.kind)).toEqual([
      'created',
      'prepared',
      'started',
      'paused',
      'resumed',
      'terminated',
    ])
    // progress went to the supervisor's own room, never to the tenant room (team leads)
    const pushed = events.filter((e) => e.event === 'massSend.progress' && e.payload.taskId === id)
    expect(pushed.map((e) => e.payload.status)).toEqual(
      expect.arrayContaining(['pending', 'executing', 'paused', 'terminated']),
    )
    const masters = await ctx.db
      .selectFrom('users')
      .select('id')
      .where('tenant_id', '=', acme.tenantId)
      .where('role_id', '=', Role.customerMaster)
      .execute()
    for (const e of pushed) expect([...e.rooms].sort()).toEqual(masters.map((m) => `user:${m.id}`).sort())
    expect((await api.del(acme.boss, MassSendPath.remove, { taskId: String(id) })).code).toBe(0)
    expect((await api.get(acme.boss, `${MassSendPath.detail}?taskId=${id}`)).code).toBe(ErrorCode.notFound)
  })

  it('shows an agent only their own tasks, a supervisor every task of the tenant', async () => {
    const mine = await api.create(acme.agent, body({ accountIds: [acme.accounts[0]] }))
    const boss = await api.create(acme.boss, body())
    const agentList = (await api.post(acme.agent, MassSendPath.page, { pageSize: 100 })).data as {
      list: { id: number }[]
    }
    expect(agentList.list.map((t) => t.id)).toContain(mine)
    expect(agentList.list.map((t) => t.id)).not.toContain(boss)
    expect((await api.get(acme.agent, `${MassSendPath.detail}?taskId=${boss}`)).code).toBe(ErrorCode.notFound)
    const bossList = (await api.post(acme.boss, MassSendPath.page, { pageSize: 100 })).data as {
      list: { id: number }[]
    }
    expect(bossList.list.map((t) => t.id)).toEqual(expect.arrayContaining([mine, boss]))
    // a supervisor acting as the agent on the desk works as the agent
    const acting = await api.create(acme.boss, body({ accountIds: [acme.accounts[0]] }), acme.agent.userId)
    const row = await ctx.db
      .selectFrom('mass_send_tasks')
      .selectAll()
      .where('id', '=', acting)
      .executeTakeFirstOrThrow()
    expect({ owner: row.owner_user_id, scope: row.agent_scope, by: row.created_by }).toEqual({
      owner: acme.agent.userId,
      scope: acme.agent.userId,
      by: acme.boss.userId,
    })
    for (const id of [mine, boss, acting]) await api.put(acme.boss, MassSendPath.terminate, { taskId: id })
  })

  it('reads a phone file (CSV or XLSX): numbers deduplicated, invalid lines with their numbers', async () => {
    const csv = 'phone,name\n+44 7700 900001,Ann\n447700900001\nnot a phone\n\n44-7700-900002;x\n123\n'
    const form = multipartBody({}, [{ name: 'list.csv', data: Buffer.from(csv) }])
    const r = await ctx.call('POST', MassSendPath.parsePhones, {
      token: acme.boss.token,
      body: form.body,
      headers: { 'content-type': form.contentType },
    })
    expect(r.data).toEqual({
      phones: ['447700900001', '447700900002'],
      invalid: [
        { line: 4, text: 'not a phone' },
        { line: 7, text: '123' },
      ],
      duplicates: 1,
      lines: 6,
    })
    const ExcelJS = (await import('exceljs')).default
    const wb = new ExcelJS.Workbook()
    const ws = wb.addWorksheet('list')
    for (const v of ['Phone', 447700900003, '447700900004', 'x1']) ws.addRow([v])
    const xlsx = Buffer.from(await wb.xlsx.writeBuffer())
    const form2 = multipartBody({}, [{ name: 'list.xlsx', data: xlsx }])
    const r2 = await ctx.call('POST', MassSendPath.parsePhones, {
      token: acme.agent.token,
      body: form2.body,
      headers: { 'content-type': form2.contentType },
    })
    expect(r2.data).toMatchObject({
      phones: ['447700900003', '447700900004'],
      invalid: [{ line: 4, text: 'x1' }],
    })
    const bad = multipartBody({}, [{ name: 'x.bin', data: Buffer.from([0, 1, 2, 3, 0]) }])
    const r3 = await ctx.call('POST', MassSendPath.parsePhones, {
      token: acme.agent.token,
      body: bad.body,
      headers: { 'content-type': bad.contentType },
    })
    expect(r3.code).toBe(ErrorCode.massSendFileUnreadable)
  })

  it('exports the log as XLSX and charts the sends per account', async () => {
    const id = await api.create(
      acme.boss,
      body({ audience: { type: 'strangers', phones: ['447700920001', '447700920002'] } }),
    )
    await drive.finish(id)
    const res = await ctx.app.inject({
      method: 'POST',
      url: MassSendPath.export,
      headers: { authorization: `Bearer ${acme.boss.token}` },
      payload: { taskId: id, language: 'en' },
    })
    expect(res.headers['content-type']).toContain('spreadsheetml')
    const ExcelJS = (await import('exceljs')).default
    const wb = new ExcelJS.Workbook()
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer)
    const rows = wb.worksheets[0]?.getSheetValues().filter(Boolean) as unknown[][]
    expect(rows).toHaveLength(3)
    expect(rows[1]?.slice(1, 6)).toEqual([
      expect.any(Number),
      '447700920001',
      '447700920001',
      '8613800000001',
      'Sent',
    ])
    const chart = await api.post(acme.boss, MassSendPath.chart, { taskId: id })
    const series = (chart.data as { series: { accountId: number; points: { sent: number }[] }[] }).series
    expect(series.map((s) => [s.accountId, s.points.reduce((n, p) => n + p.sent, 0)])).toEqual([
      [acme.accounts[0], 1],
      [acme.accounts[1], 1],
    ])
  })
})
