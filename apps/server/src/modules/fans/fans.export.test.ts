import { ErrorCode, FAN_EXPORT_COLUMNS, Role } from '@app/core'
import ExcelJS from 'exceljs'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type Signed, type TestContext } from '../../test/harness.js'
import { seedAccount } from '../labels/labels.fixtures.js'
import { labelFans, seedAccountGroup, seedFanRow, seedLabel } from './fans.fixtures.js'

const url = '/damai/customer/fans/export'
const T0 = Date.UTC(2026, 2, 1, 8, 30)

let ctx: TestContext
let tenant: number
let boss: Signed
let agent: Signed
let rivalBoss: Signed
let account: number
let accountPhone: string
const fans: number[] = []

beforeAll(async () => {
  ctx = await createTestContext({}, { simRoutes: false })
  tenant = await ctx.tenant('acme')
  const rival = await ctx.tenant('rival')
  boss = await ctx.as(tenant, Role.customerMaster, 'boss')
  agent = await ctx.as(tenant, Role.customerUser, 'agent')
  rivalBoss = await ctx.as(rival, Role.customerMaster, 'rival-boss')
  account = await seedAccount(ctx.db, tenant, agent.userId)
  accountPhone = (
    await ctx.db.selectFrom('ws_accounts').select('phone').where('id', '=', account).executeTakeFirstOrThrow()
  ).phone as string
  await seedAccountGroup(ctx.db, tenant, 'Sales', [account])
  const label = await seedLabel(ctx.db, tenant, 'VIP', boss.userId)
  for (let i = 0; i < 25; i++) {
    const f = await seedFanRow(ctx.db, tenant, account, {
      nickname: `Customer ${i}`,
      phone: `4479000011${String(i).padStart(2, '0')}`,
      remark: i === 0 ? 'first' : '',
      country: i % 2 ? 'GB' : 'US',
      source: i === 0 ? 'active_add' : 'passive_add',
      invalid: i === 1,
      createdAt: T0 + i * 60_000,
      lastActivityAt: T0 + i * 60_000 + 5_000,
    })
    fans.push(f.fanId)
  }
  await labelFans(ctx.db, tenant, label, [fans[0] as number])
})
afterAll(() => ctx.close())

const exportOf = (who: Signed, body: object, headers: Record<string, string> = {}) =>
  ctx.call('POST', url, { token: who.token, body, headers })

async function sheetOf(res: LightMyRequestResponse): Promise<string[][]> {
  const wb = new ExcelJS.Workbook()
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer)
  const ws = wb.worksheets[0]
  const rows: string[][] = []
  ws?.eachRow((row) => {
    // row.values is 1-based with holes where a cell is empty
    const values = row.values as unknown[]
    rows.push(Array.from({ length: ws.columnCount }, (_, i) => String(values[i + 1] ?? '')))
  })
  return rows
}

describe('customers export', () => {
  it('is the supervisor’s: 401 without a token, 403 to an agent', async () => {
    expect((await ctx.call('POST', url, { body: {} })).code).toBe(401)
    expect((await exportOf(agent, {})).code).toBe(403)
  })

  it('answers "no data to export" when nothing matches, and for another tenant’s fans', async () => {
    const none = await exportOf(boss, { filter: { country: 'FR' } })
    expect(none).toMatchObject({ code: ErrorCode.exportEmpty, msg: '没有可导出的数据' })
    const theirs = await exportOf(rivalBoss, { fanIds: fans.slice(0, 3) }, { language: 'en' })
    expect(theirs).toMatchObject({ code: ErrorCode.exportEmpty, msg: 'No data to export' })
  })

  it('writes every matching fan with its fields, in the list’s order, in Chinese', async () => {
    const r = await exportOf(boss, { utcOffsetMinutes: 480 })
    expect(r.res.statusCode).toBe(200)
    expect(r.res.headers['content-type']).toContain('spreadsheetml')
    expect(r.res.headers['content-disposition']).toMatch(/attachment; filename="customers-.*\.xlsx"/)
    const rows = await sheetOf(r.res)
    expect(rows[0]).toEqual([...FAN_EXPORT_COLUMNS.zh])
    expect(rows).toHaveLength(26)
    // newest first: the first fan added is the last row
    expect(rows[1]?.[0]).toBe('Customer 24')
    expect(rows[25]).toEqual([
      'Customer 0',
      '',
      'first',
      '447900001100',
      '1100',
      accountPhone,
      '主动添加',
      'Sales',
      'VIP',
      '否',
      '否',
      '是',
      'US',
      '2026-03-01 16:30:00',
      '2026-03-01 16:30:05',
      '',
    ])
    expect(rows[24]?.[10]).toBe('是')
  })

  it('leaves the phone cells of a customer WhatsApp shows only by hidden id empty, its hidden id in a column of its own', async () => {
    const hidden = await seedFanRow(ctx.db, tenant, account, {
      nickname: 'Hidden',
      phone: null,
      createdAt: T0 - 60_000,
    })
    const lid = (
      await ctx.db.selectFrom('fans').select('lid').where('id', '=', hidden.fanId).executeTakeFirstOrThrow()
    ).lid as string
    const rows = await sheetOf((await exportOf(boss, { fanIds: [hidden.fanId], language: 'en' })).res)
    const header = rows[0] ?? []
    const row = rows[1] ?? []
    expect(header.at(-1)).toBe('WhatsApp hidden ID')
    expect(row[header.indexOf('Phone')]).toBe('')
    expect(row[header.indexOf('Last four')]).toBe('')
    expect(row.at(-1)).toBe(lid)
    expect(lid).toMatch(/@lid$/)
  })

  it('applies the filter and the chosen fans, and speaks English when asked', async () => {
    const gb = await sheetOf((await exportOf(boss, { filter: { country: 'GB' }, language: 'en' })).res)
    expect(gb[0]).toEqual([...FAN_EXPORT_COLUMNS.en])
    expect(gb).toHaveLength(13)
    expect(gb.slice(1).every((row) => row[12] === 'GB')).toBe(true)
    const chosen = await sheetOf((await exportOf(boss, { fanIds: [fans[3], fans[4]] })).res)
    expect(chosen.slice(1).map((row) => row[0])).toEqual(['Customer 4', 'Customer 3'])
  })
})
