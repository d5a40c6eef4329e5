import {
  Access,
  deskEnterBody,
  sessionCountsBody,
  sessionCreateBody,
  sessionDeleteQuery,
  sessionDeletionsBody,
  sessionFanBody,
  sessionFlagBody,
  sessionIdBody,
  sessionMigrateBody,
  sessionPageBody,
} from '@app/core'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { callerOf } from '../../http/caller.js'
import { ok } from '../../http/envelope.js'
import type { SessionListQuery } from '../sessions/session-list.query.js'
import type { DeskPresence } from './desk.presence.js'
import type { SessionActions } from './session.actions.js'
import type { SessionCreator } from './session.create.js'

export interface DeskRouteDeps {
  presence: DeskPresence
  list: SessionListQuery
  actions: SessionActions
  creator: SessionCreator
}

/** Entering the desk, the session list and counts, and the session actions. */
export function deskRoutes(app: FastifyInstance, { presence, list, actions, creator }: DeskRouteDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['desk sessions']
  const session = '/damai/customer/session'
  const read = { roles: Access.deskRead }
  const write = { roles: Access.desk }

  r.post(
    '/damai/customer/desk/enter',
    {
      config: { ...read, deskEnter: true },
      schema: {
        tags,
        summary:
          "Open the desk (a supervisor: as the agent customerUserId); the agent's older desk answers 433",
        body: deskEnterBody,
      },
    },
    async (req) => ok(await presence.enter(callerOf(req))),
  )
  r.post(
    `${session}/page`,
    {
      config: read,
      schema: {
        tags,
        summary: 'Sessions: pinned first, newest activity; keyset cursor',
        body: sessionPageBody,
      },
    },
    async (req) => ok(await list.page(callerOf(req), req.body)),
  )
  r.post(
    `${session}/counts`,
    { config: read, schema: { tags, summary: 'Sessions per sidebar entry', body: sessionCountsBody } },
    async (req) => ok(await list.counts(callerOf(req), req.body.accountId)),
  )
  r.post(
    `${session}/detail`,
    {
      config: read,
      schema: { tags, summary: 'A session with its customer or group (side panel)', body: sessionIdBody },
    },
    async (req) => ok(await actions.detail(callerOf(req), req.body.sessionId)),
  )
  r.post(
    `${session}/create`,
    {
      config: write,
      schema: { tags, summary: 'A new session with a phone number (9–20 digits)', body: sessionCreateBody },
    },
    async (req) => ok({ session: await creator.create(callerOf(req), req.body) }),
  )
  r.put(
    `${session}/flag`,
    {
      config: write,
      schema: {
        tags,
        summary: 'Pin, block, do-not-disturb, AI reply, unread, invalid, mass send: on or off',
        body: sessionFlagBody,
      },
    },
    async (req) => ok(await actions.flag(callerOf(req), req.body)),
  )
  r.put(
    `${session}/migrate`,
    {
      config: write,
      schema: { tags, summary: 'Hand the session to another agent', body: sessionMigrateBody },
    },
    async (req) => {
      await actions.migrate(callerOf(req), req.body.sessionId, req.body.userId)
      return ok(null)
    },
  )
  r.put(
    `${session}/fan`,
    {
      config: write,
      schema: { tags, summary: "The customer's nickname and remark", body: sessionFanBody },
    },
    async (req) => ok(await actions.updateFan(callerOf(req), req.body)),
  )
  r.delete(
    session,
    {
      config: write,
      schema: {
        tags,
        summary: "Delete an invalid customer's chat with a reason; a deletion record is kept",
        querystring: sessionDeleteQuery,
      },
    },
    async (req) => {
      await actions.remove(callerOf(req), req.query.sessionId, req.query.reason)
      return ok(null)
    },
  )
  r.post(
    `${session}/deletions`,
    {
      config: read,
      schema: { tags, summary: 'Deletion records, newest first; filters', body: sessionDeletionsBody },
    },
    async (req) => ok(await actions.deletions(callerOf(req), req.body)),
  )
}
