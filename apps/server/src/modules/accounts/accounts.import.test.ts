import { ErrorCode, Role } from '@app/core'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../test/harness.js'

let ctx: TestContext
let tenant: number
let boss: string
const url = '/damai/customer/wsAccount/import'

beforeAll(async () => {
  ctx = await createTestContext()
  tenant = await ctx.tenant('acme')
  const other = await ctx.tenant('rival')
  boss = (await ctx.as(tenant, Role.customerMaster, 'boss')).token
  await ctx.linkAccount(other, '8613800000009')
})
afterAll(() => ctx.close())

const accounts = () =>
  ctx.db
    .selectFrom('ws_accounts')
    .select(['phone', 'proxy', 'status', 'linked'])
    .where('tenant_id', '=', tenant)
    .orderBy('id')
    .execute()

describe('POST /damai/customer/wsAccount/import', () => {
  it('answers 401, 403, and 400 for an empty or oversized import', async () => {
    expect((await ctx.call('POST', url, { body: { lines: '1' } })).code).toBe(401)
    const agent = (await ctx.as(tenant, Role.customerUser, 'agent')).token
    expect((await ctx.call('POST', url, { token: agent, body: { lines: '1' } })).code).toBe(403)
    expect((await ctx.call('POST', url, { token: boss, body: { lines: ' \n\n ' } })).code).toBe(400)
    const many = Array.from({ length: 501 }, (_, i) => `86138000${String(i).padStart(5, '0')}`).join('\n')
    expect((await ctx.call('POST', url, { token: boss, body: { lines: many } })).code).toBe(400)
    expect(await accounts()).toEqual([])
  })

  it('imports the good lines in one go and lists the bad ones with reasons', async () => {
    const lines = [
      '8613800000001',
      '+86 138 0000 0002,1.2.3.4:8080:user:pa:ss',
      '',
      'not-a-phone',
      '8613800000003,10.0.0.1',
      '8613800000001',
      '8613800000009',
      '8613800000004,socks5://1.2.3.5:1080',
    ].join('\r\n')
    const r = await ctx.call('POST', url, { token: boss, body: { lines }, headers: { language: 'en' } })
    expect(r.code).toBe(0)
    const data = r.data as {
      accepted: { line: number; phone: string }[]
      rejected: { line: number; code: number; reason: string }[]
    }
    expect(data.accepted.map((a) => [a.line, a.phone])).toEqual([
      [1, '8613800000001'],
      [2, '8613800000002'],
      [8, '8613800000004'],
    ])
    expect(data.rejected.map((x) => [x.line, x.code])).toEqual([
      [4, ErrorCode.invalidPhone],
      [5, ErrorCode.invalidProxy],
      [6, ErrorCode.duplicateInImport],
      [7, ErrorCode.phoneAlreadyLinked],
    ])
    expect(data.rejected[0].reason).toBe('Invalid phone number (9–20 digits with the country code)')
    expect(await accounts()).toEqual([
      { phone: '8613800000001', proxy: null, status: 'offline', linked: 0 },
      { phone: '8613800000002', proxy: '1.2.3.4:8080:user:pa:ss', status: 'offline', linked: 0 },
      { phone: '8613800000004', proxy: 'socks5://1.2.3.5:1080', status: 'offline', linked: 0 },
    ])
  })

  it('rejects numbers it already imported', async () => {
    const r = await ctx.call('POST', url, { token: boss, body: { lines: '8613800000001\n8613800000005' } })
    const data = r.data as { accepted: unknown[]; rejected: { code: number }[] }
    expect(data.accepted).toHaveLength(1)
    expect(data.rejected).toEqual([expect.objectContaining({ code: ErrorCode.phoneAlreadyLinked })])
  })

  it('imports nothing when the database refuses part of it', async () => {
    const before = await accounts()
    // the second row breaks a unique index once the first is written (as a concurrent import would)
    await sql`create unique index block_test on ws_accounts (created_at) where phone in ('8613800000006', '8613800000007')`.execute(
      ctx.db,
    )
    const r = await ctx.call('POST', url, { token: boss, body: { lines: '8613800000006\n8613800000007' } })
    expect(r.code).toBe(ErrorCode.phoneAlreadyLinked)
    await ctx.db.schema.dropIndex('block_test').execute()
    expect(await accounts()).toEqual(before)
  })
})
