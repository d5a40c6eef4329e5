import type { DeskAccountView } from '@app/core'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/index.js'
import type { SystemScope } from '../../db/system-scope.js'
import type { Caller } from '../../http/caller.js'
import type { SignInLookups } from '../auth/index.js'
import { listAgents, listDeskMembers } from './agents.query.js'
import { agentsRoutes } from './agents.routes.js'
import { SignInRepository } from './sign-in.repository.js'
import { TenantAdminRepository } from './tenant-admin.repository.js'
import { TenantsRepository } from './tenants.repository.js'
import { usersRoutes } from './users.routes.js'
import type { UsersService } from './users.service.js'

/** What a sign-in asks of the owner of users and tenants. */
export function signInLookups(db: Db): SignInLookups {
  const signIn = new SignInRepository(db)
  const tenants = new TenantsRepository(db)
  return {
    systemTenantUsers: (system: SystemScope, username, target, limit) =>
      signIn.systemTenantUsers(system, username, target, limit),
    systemByEnterpriseAccount: (system: SystemScope, account, username) =>
      signIn.systemByEnterpriseAccount(system, account, username),
    tenantStatus: (tenantId) => tenants.status(tenantId),
    systemTenantIdByAccount: (system: SystemScope, account) => tenants.systemIdByAccount(system, account),
  }
}

/**
 * The signed-in user's own routes, and the desk's people and accounts (the tenant's agents, the
 * desk's WS accounts; `shard`: several processes share the accounts).
 */
export function installUsers(
  app: FastifyInstance,
  deps: {
    db: Db
    users: UsersService
    shard: boolean
    /** the sessions module's list of the desk's accounts with the viewer's unread */
    listDeskAccounts: (db: Db, caller: Caller, shard: boolean) => Promise<DeskAccountView[]>
  },
): void {
  const { db } = deps
  usersRoutes(app, deps.users)
  agentsRoutes(app, {
    agents: (tenantId) => listAgents(db, tenantId),
    deskMembers: (tenantId) => listDeskMembers(db, tenantId),
    deskAccounts: (caller) => deps.listDeskAccounts(db, caller, deps.shard),
  })
}

/** A tenant's risk status and special channel (the risk gate's flags). */
export function tenantRiskFlags(
  db: Db,
): (tenantId: number) => Promise<{ riskStatus: number; specialChannel: boolean }> {
  const tenants = new TenantsRepository(db)
  return (tenantId) => tenants.riskFlags(tenantId)
}

/** 1 while the platform holds the tenant under risk control, else 0 (the desk shows it). */
export function tenantRiskStatus(db: Db, tenantId: number): Promise<number> {
  return new TenantsRepository(db).riskStatus(tenantId)
}

/** Tenants across the platform as its nurturing rules name them: by id, and the platform's own. */
export interface TenantDirectory {
  systemNames(system: SystemScope, ids: number[]): Promise<Map<number, { name: string }>>
  systemPlatformId(system: SystemScope): Promise<number | undefined>
}

export function tenantDirectory(db: Db): TenantDirectory {
  const admin = new TenantAdminRepository(db)
  const tenants = new TenantsRepository(db)
  return {
    systemNames: (system: SystemScope, ids) => admin.systemBriefs(system, ids),
    systemPlatformId: (system: SystemScope) => tenants.systemPlatformId(system),
  }
}
