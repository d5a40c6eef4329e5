import {
  Access,
  ConsolePath as C,
  consoleAccountAssignBody,
  consoleAccountUnassignBody,
  consoleSessionMoveBody,
  consoleSessionPageBody,
} from '@app/core'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { callerOf } from '../../http/caller.js'
import { ok } from '../../http/envelope.js'
import type { ConsoleService } from './console.service.js'

/** /sessionConsole: the supervisor's alone (agents and team leads are refused). */
const MASTER = { roles: Access.master }
const tags = ['session console']

export function consoleRoutes(app: FastifyInstance, service: ConsoleService): void {
  const r = app.withTypeProvider<ZodTypeProvider>()
  r.get(
    C.overview,
    {
      config: MASTER,
      schema: {
        tags,
        summary: 'Each agent with online state, counts and accounts; unallocated counts; every account',
      },
    },
    async (req) => ok(await service.overview(callerOf(req))),
  )
  r.post(
    C.sessionPage,
    {
      config: MASTER,
      schema: {
        tags,
        summary: "Unallocated sessions, or one agent's (userId); keyset cursor",
        body: consoleSessionPageBody,
      },
    },
    async (req) => ok(await service.page(callerOf(req), req.body)),
  )
  r.put(
    C.sessionMove,
    {
      config: MASTER,
      schema: { tags, summary: 'Hand sessions to an agent (all or none)', body: consoleSessionMoveBody },
    },
    async (req) => ok(await service.move(callerOf(req), req.body.sessionIds, req.body.userId)),
  )
  r.put(
    C.accountAssign,
    {
      config: MASTER,
      schema: {
        tags,
        summary: 'Assign WS accounts to an agent; their sessions not migrated elsewhere follow',
        body: consoleAccountAssignBody,
      },
    },
    async (req) => ok(await service.assign(callerOf(req), req.body.accountIds, req.body.userId)),
  )
  r.put(
    C.accountUnassign,
    {
      config: MASTER,
      schema: {
        tags,
        summary: 'Take WS accounts from their agent; their sessions become unallocated',
        body: consoleAccountUnassignBody,
      },
    },
    async (req) => ok(await service.unassign(callerOf(req), req.body.accountIds)),
  )
}
