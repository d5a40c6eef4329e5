import { type AgentView, Role } from '@app/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type Signed, type TestContext } from '../../test/harness.js'

let ctx: TestContext
let boss: Signed
let agent: Signed
let lead: Signed

beforeAll(async () => {
  ctx = await createTestContext({}, { simRoutes: false })
  const tenant = await ctx.tenant('members')
  boss = await ctx.as(tenant, Role.customerMaster, 'dm-boss')
  agent = await ctx.as(tenant, Role.customerUser, 'dm-agent')
  lead = await ctx.as(tenant, Role.customerUserLeader, 'dm-lead')
  const other = await ctx.tenant('members-rival')
  await ctx.as(other, Role.customerUser, 'dm-rival')
})
afterAll(() => ctx.close())

describe('GET /damai/customer/user/deskMembers: whom a note may mention', () => {
  it('lists the supervisor first, then the agents; not the team lead, nobody of another tenant', async () => {
    const r = await ctx.call('GET', '/damai/customer/user/deskMembers', { token: agent.token })
    expect(r.code).toBe(0)
    const names = (r.data as AgentView[]).map((m) => m.username)
    // the supervisors by name (the tenant's own account and the one made here), then the agent
    expect(names).toEqual(['dm-boss', 'members-master', 'dm-agent'])
    expect((r.data as AgentView[]).some((m) => m.id === boss.userId)).toBe(true)
  })

  it('is the desk’s: the team lead is refused', async () => {
    const r = await ctx.call('GET', '/damai/customer/user/deskMembers', { token: lead.token })
    expect(r.code).toBe(403)
  })
})
