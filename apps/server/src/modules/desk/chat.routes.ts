import fs from 'node:fs'
import { chatEndpoints as api } from '@app/core'
import type { FastifyInstance } from 'fastify'
import { callerOf } from '../../http/caller.js'
import { route } from '../../http/contract.js'
import { ok } from '../../http/envelope.js'
import type { ChatHistory, ChatMedia } from '../messages/index.js'
import type { ChatReads } from './chat.reads.js'
import type { ChatService } from './chat.service.js'
import type { ChatUploads } from './chat.upload.js'

export interface ChatDeps {
  media: ChatMedia
  uploads: ChatUploads
  history: ChatHistory
  chat: ChatService
  reads: ChatReads
}

/** The spec's desk chat calls (§7), verbatim, plus resend and the media of a message. */
export function chatRoutes(app: FastifyInstance, { media, uploads, history, chat, reads }: ChatDeps): void {
  route(app, api.history, async (req) => ok(await history.pageFor(callerOf(req), req.body)))
  route(app, api.send, async (req) => ok(await chat.send(callerOf(req), req.body)))
  route(app, api.resend, async (req) => ok(await chat.resend(callerOf(req), req.body.messageId)))
  route(app, api.revoke, async (req) => ok(await chat.revoke(callerOf(req), req.body.messageId)))
  route(app, api.edit, async (req) => ok(await chat.edit(callerOf(req), req.body)))
  route(app, api.markRead, async (req) => ok(await reads.markSessionRead(callerOf(req), req.body.sessionId)))
  route(app, api.upload, async (req) => ok(await uploads.send(callerOf(req), req)))
  route(app, api.media, async (req, reply) => {
    const file = await media.file(callerOf(req), req.params.messageId)
    return reply
      .type(file.mime)
      .header('content-length', String(file.size))
      .header('content-disposition', `${file.disposition}; filename*=UTF-8''${encodeURIComponent(file.name)}`)
      .header('cache-control', 'private, max-age=3600')
      .send(fs.createReadStream(file.path))
  })
}
