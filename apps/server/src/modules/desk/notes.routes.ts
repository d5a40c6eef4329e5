import { deskNoteEndpoints as api } from '@app/core'
import type { FastifyInstance } from 'fastify'
import { callerOf } from '../../http/caller.js'
import { route } from '../../http/contract.js'
import { ok } from '../../http/envelope.js'
import type { DeskNotes } from './session.notes.js'
import type { SessionStatusActions } from './session.status.js'

/** The sessions' status, internal notes and the caller's mentions. */
export function noteRoutes(
  app: FastifyInstance,
  { statuses, notes }: { statuses: SessionStatusActions; notes: DeskNotes },
): void {
  route(app, api.status, async (req) => ok(await statuses.change(callerOf(req), req.body)))
  route(app, api.note, async (req) => ok(await notes.add(callerOf(req), req.body)))
  route(app, api.mentions, async (req) => ok(await notes.page(callerOf(req), req.query)))
  route(app, api.mentionsRead, async (req) => ok(await notes.markRead(callerOf(req), req.body)))
}
