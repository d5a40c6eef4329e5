import { describe, expect, it } from 'vitest'
import { Access, AGENT_ROLES, ALL_ROLES, DESK_ROLES, PLATFORM_ROLES, TENANT_ROLES } from './access.js'
import { ROLE_IDS, Role, type RoleId } from './roles.js'

const sorted = (roles: readonly RoleId[]) => [...roles].sort()

describe('role groups per area', () => {
  it('name each area with the roles the spec gives it', () => {
    expect(Access).toEqual({
      all: [1, 2, 3, 4, 5, 6],
      platform: [1, 2, 3],
      platformAdmin: [Role.admin],
      operations: [Role.operations],
      platformLeads: [Role.admin, Role.operations],
      sales: [Role.operations, Role.business],
      tenant: [4, 5, 6],
      master: [Role.customerMaster],
      agents: [Role.customerUser, Role.customerUserLeader],
      desk: [Role.customerMaster, Role.customerUser],
      chatHistory: [Role.customerMaster, Role.customerUserLeader],
      chatMedia: [Role.customerMaster, Role.customerUser, Role.customerUserLeader],
    })
  })

  it('split every role into the platform or a tenant, never both', () => {
    expect(Access.platform.filter((r) => (Access.tenant as readonly RoleId[]).includes(r))).toEqual([])
    expect(sorted([...Access.platform, ...Access.tenant])).toEqual(sorted(ROLE_IDS))
  })

  it('keep the older names as the same lists (one source)', () => {
    expect(PLATFORM_ROLES).toBe(Access.platform)
    expect(TENANT_ROLES).toBe(Access.tenant)
    expect(AGENT_ROLES).toBe(Access.agents)
    expect(DESK_ROLES).toBe(Access.desk)
    expect(ALL_ROLES).toBe(Access.all)
  })
})
