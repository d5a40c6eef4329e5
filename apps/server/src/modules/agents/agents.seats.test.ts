import { AgentPath as A, BillingPath as B, ErrorCode, type OrderResult } from '@app/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../test/harness.js'
import { makeStaff, makeTenant, okData, type Staff } from '../../test/platform.js'

let ctx: TestContext
let s: Staff
let t: Awaited<ReturnType<typeof makeTenant>>
let seatId: number

beforeAll(async () => {
  ctx = await createTestContext({}, { simRoutes: false })
  s = await makeStaff(ctx)
  t = await makeTenant(ctx, s.biz.token)
  const made = await okData<OrderResult>(
    ctx.call('POST', B.seatCreate, {
      token: s.biz.token,
      body: { tenantId: t.tenantId, quantity: 1, days: 30, remark: '' },
    }),
  )
  seatId = made.records[0]?.id as number
})
afterAll(() => ctx.close())

const create = (username: string) =>
  ctx.call('POST', A.agentCreate, {
    token: t.masterToken,
    body: { username, password: 'Agent2468x' },
    headers: { language: 'en' },
  })
const signIn = (username: string) =>
  ctx.call('POST', '/damai/system/auth/login', {
    body: { username, password: 'Agent2468x', targetAccount: t.account },
    headers: { language: 'en' },
  })

describe('agents sit on seats', () => {
  let aliceId: number
  it('the first agent takes the free seat; the second is refused "no free seat" and nothing is made', async () => {
    aliceId = (await okData<{ id: number; seatId: number }>(create('alice'))).id
    const refused = await create('bob')
    expect(refused).toMatchObject({
      code: ErrorCode.noFreeSeat,
      msg: 'No free seat: buy or renew a seat, then add the agent',
    })
    const users = await ctx.db
      .selectFrom('users')
      .select('username')
      .where('tenant_id', '=', t.tenantId)
      .execute()
    expect(users.map((u) => u.username)).not.toContain('bob')
    expect((await signIn('alice')).code).toBe(0)
  })

  it('deleting an agent frees the seat for the next', async () => {
    await okData(ctx.call('DELETE', A.agentDelete, { token: t.masterToken, query: { id: String(aliceId) } }))
    const carol = await okData<{ id: number; seatId: number }>(create('carol'))
    expect(carol.seatId).toBe(seatId)
  })

  it('a refunded seat signs its agent out, and sign-in is refused with the seat message', async () => {
    expect((await signIn('carol')).code).toBe(0)
    await okData(
      ctx.call('PUT', B.seatRefund, { token: s.biz.token, body: { ids: [seatId], amount: 0, remark: '' } }),
    )
    const refused = await signIn('carol')
    expect(refused).toMatchObject({
      code: ErrorCode.seatExpired,
      msg: 'Your seat has expired and you cannot sign in: ask your supervisor to renew it',
    })
  })

  it('a supervisor of another tenant cannot touch these agents', async () => {
    const other = await makeTenant(ctx, s.biz2.token)
    const list = await okData<{ list: { username: string }[] }>(
      ctx.call('POST', A.agentQuery, { token: other.masterToken, body: {} }),
    )
    expect(list.list).toEqual([])
  })
})
