import { Role, type RoleId } from '@app/core'
import { describe, expect, it } from 'vitest'
import type { Caller } from '../../http/caller.js'
import { canSeeSession, type SessionPlace } from './session.visibility.js'

const caller = (roleId: RoleId, over: Partial<Caller> = {}): Caller => ({
  tenantId: 1,
  userId: 10,
  roleId,
  username: 'u',
  tokenId: 1,
  isPlatform: false,
  actingUserId: 10,
  agentId: roleId === Role.customerUser ? 10 : null,
  ...over,
})
const place = (over: Partial<SessionPlace> = {}): SessionPlace => ({
  tenantId: 1,
  sessionAgentId: null,
  accountAgentId: null,
  accountDeleted: false,
  ...over,
})

describe('the session visibility rule (row form)', () => {
  it('keeps other tenants and platform staff out', () => {
    expect(canSeeSession(caller(Role.customerMaster), place({ tenantId: 2 }))).toBe(false)
    expect(canSeeSession(caller(Role.admin), place())).toBe(false)
  })

  it('hides every session of a deleted account, from every role (the socket join once skipped this)', () => {
    for (const role of [Role.customerMaster, Role.customerUserLeader, Role.customerUser] as RoleId[])
      expect(canSeeSession(caller(role), place({ accountAgentId: 10, accountDeleted: true }))).toBe(false)
  })

  it('gives an agent the sessions migrated to them and those of their accounts not migrated away', () => {
    const agent = caller(Role.customerUser)
    expect(canSeeSession(agent, place({ sessionAgentId: 10 }))).toBe(true)
    expect(canSeeSession(agent, place({ accountAgentId: 10 }))).toBe(true)
    expect(canSeeSession(agent, place({ accountAgentId: 10, sessionAgentId: 11 }))).toBe(false)
    expect(canSeeSession(agent, place({ accountAgentId: 11 }))).toBe(false)
  })

  it('limits a supervisor acting as an agent to that agent, and gives the supervisor and lead the tenant', () => {
    const acting = caller(Role.customerMaster, { actingUserId: 11, agentId: 11 })
    expect(canSeeSession(acting, place({ accountAgentId: 11 }))).toBe(true)
    expect(canSeeSession(acting, place({ accountAgentId: 12 }))).toBe(false)
    expect(canSeeSession(caller(Role.customerMaster), place({ accountAgentId: 12 }))).toBe(true)
    expect(canSeeSession(caller(Role.customerUserLeader), place({ accountAgentId: 12 }))).toBe(true)
  })
})
