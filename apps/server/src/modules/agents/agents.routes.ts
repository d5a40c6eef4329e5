import {
  AgentPath as A,
  Access,
  agentBindAccountsBody,
  agentCreateBody,
  agentGroupCreateBody,
  agentGroupListBody,
  agentGroupRenameBody,
  agentIdQuery,
  agentPasswordBody,
  agentQueryBody,
  agentStatusBody,
  agentUpdateBody,
} from '@app/core'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { callerOf } from '../../http/caller.js'
import { ok } from '../../http/envelope.js'
import type { AgentsService } from './agents.service.js'

/** /customerServiceManage: the supervisor's. */
const MASTER = Access.master
const tags = ['agents']

export function agentsAdminRoutes(app: FastifyInstance, agents: AgentsService): void {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const done = (_: unknown) => ok(null)
  r.post(
    A.agentQuery,
    {
      config: { roles: MASTER },
      schema: { tags, summary: 'My agents with seat, accounts and group', body: agentQueryBody },
    },
    async (req) => ok(await agents.page(callerOf(req), req.body)),
  )
  r.post(
    A.agentCreate,
    {
      config: { roles: MASTER },
      schema: { tags, summary: 'A new agent on a free seat', body: agentCreateBody },
    },
    async (req) => ok(await agents.create(callerOf(req), req.body)),
  )
  r.put(
    A.agentUpdate,
    {
      config: { roles: MASTER },
      schema: { tags, summary: "An agent's nickname, role and group", body: agentUpdateBody },
    },
    async (req) => done(await agents.update(callerOf(req), req.body)),
  )
  r.put(
    A.agentUpdateStatus,
    {
      config: { roles: MASTER },
      schema: { tags, summary: 'Enable or disable an agent', body: agentStatusBody },
    },
    async (req) => done(await agents.setStatus(callerOf(req), req.body.id, req.body.status)),
  )
  r.put(
    A.agentUpdatePassword,
    {
      config: { roles: MASTER },
      schema: { tags, summary: "Reset an agent's password", body: agentPasswordBody },
    },
    async (req) => done(await agents.resetPassword(callerOf(req), req.body.userId, req.body.password)),
  )
  r.put(
    A.agentBindAccounts,
    {
      config: { roles: MASTER },
      schema: { tags, summary: "Set the agent's WS accounts", body: agentBindAccountsBody },
    },
    async (req) => done(await agents.bindAccounts(callerOf(req), req.body.id, req.body.accountIds)),
  )
  r.delete(
    A.agentDelete,
    {
      config: { roles: MASTER },
      schema: { tags, summary: 'Delete an agent: frees the seat', querystring: agentIdQuery },
    },
    async (req) => done(await agents.remove(callerOf(req), req.query.id)),
  )
  r.post(
    A.groupList,
    {
      config: { roles: MASTER },
      schema: { tags, summary: 'Agent groups with member counts', body: agentGroupListBody },
    },
    async (req) => ok(await agents.groupList(callerOf(req))),
  )
  r.post(
    A.group,
    {
      config: { roles: MASTER },
      schema: { tags, summary: 'Create an agent group', body: agentGroupCreateBody },
    },
    async (req) => ok(await agents.groupCreate(callerOf(req), req.body.name)),
  )
  r.put(
    A.group,
    {
      config: { roles: MASTER },
      schema: { tags, summary: 'Rename an agent group', body: agentGroupRenameBody },
    },
    async (req) => done(await agents.groupRename(callerOf(req), req.body.id, req.body.name)),
  )
  r.delete(
    A.group,
    {
      config: { roles: MASTER },
      schema: { tags, summary: 'Delete an agent group without members', querystring: agentIdQuery },
    },
    async (req) => done(await agents.groupDelete(callerOf(req), req.query.id)),
  )
}
