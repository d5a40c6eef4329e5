import fs from 'node:fs'
import { chatHistoryBody, DESK_ROLES, messageIdBody, Role, sendChatBody, sessionIdBody } from '@app/core'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Db } from '../../db/index.js'
import { ok } from '../../http/envelope.js'
import type { MediaQuota } from '../messages/media.quota.js'
import type { MediaStore } from '../messages/media.store.js'
import type { ChatHistory } from './chat.history.js'
import { chatMediaFile } from './chat.media.js'
import type { ChatReads } from './chat.reads.js'
import type { ChatService } from './chat.service.js'
import { uploadThenSend } from './chat.upload.js'
import { loadDeskSession } from './desk.access.js'
import { resolveViewer } from './desk.viewer.js'

/** Reading: the supervisor, agents and team leads (read-only). Writing: the desk's roles. */
export const READ_ROLES = [Role.customerMaster, Role.customerUser, Role.customerUserLeader] as const
export const WRITE_ROLES = DESK_ROLES

export interface ChatDeps {
  db: Db
  media: MediaStore
  uploads: MediaQuota
  history: ChatHistory
  chat: ChatService
  reads: ChatReads
}

/** The spec's desk chat calls (§7), verbatim, plus resend and the media of a message. */
export function chatRoutes(
  app: FastifyInstance,
  { db, media, uploads, history, chat, reads }: ChatDeps,
): void {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['desk chat']
  const base = '/damai/customer/user'
  const read = { roles: READ_ROLES }
  const write = { roles: WRITE_ROLES }

  r.post(
    `${base}/getSessionChatMessages`,
    {
      config: read,
      schema: { tags, summary: 'Chat history, newest first; beforeId pages upward', body: chatHistoryBody },
    },
    async (req) => {
      const viewer = await resolveViewer(db, req)
      const d = await loadDeskSession(db, viewer, req.body.sessionId)
      const session = { id: d.session.id, tenantId: viewer.tenantId, accountId: d.account.id }
      const peerName = d.session.fan_id !== null ? d.peer.title : ''
      return ok(await history.page({ ...session, peerName }, req.body))
    },
  )
  r.post(
    `${base}/sendChatMessage`,
    {
      config: write,
      schema: {
        tags,
        summary: 'Queue a text, location, contact cards, a material or an image-text link',
        body: sendChatBody,
      },
    },
    async (req) => ok(await chat.send(await resolveViewer(db, req), req.body)),
  )
  r.post(
    `${base}/resendChatMessage`,
    {
      config: write,
      schema: { tags, summary: 'Send a failed message again as a new message', body: messageIdBody },
    },
    async (req) => ok(await chat.resend(await resolveViewer(db, req), req.body.messageId)),
  )
  r.post(
    `${base}/revokeChatMessage`,
    {
      config: write,
      schema: {
        tags,
        summary: 'Withdraw our message (48 h); answers at once, the result arrives as message.updated',
        body: messageIdBody,
      },
    },
    async (req) => ok(await chat.revoke(await resolveViewer(db, req), req.body.messageId)),
  )
  r.post(
    `${base}/sendReadToFriendForChat`,
    {
      config: write,
      schema: {
        tags,
        summary: 'Mark the session read (and read receipts to the customer)',
        body: sessionIdBody,
      },
    },
    async (req) => {
      const viewer = await resolveViewer(db, req)
      return ok(await reads.markRead(viewer, await loadDeskSession(db, viewer, req.body.sessionId)))
    },
  )
  r.post(
    `${base}/uploadThenSendChatMessageAsync`,
    {
      config: write,
      schema: {
        tags,
        summary:
          'Upload and send a file (multipart: file, sessionId, chatType 8 image|9 video|10 voice|11 file, ' +
          'fileType 7 gif|8 image, width, height, seconds, caption); checked from its bytes',
        consumes: ['multipart/form-data'],
      },
    },
    async (req) => ok(await uploadThenSend(db, uploads, chat, await resolveViewer(db, req), req)),
  )
  r.get(
    `${base}/chatMedia/:messageId`,
    {
      config: read,
      schema: {
        tags,
        summary: "A message's file, with its type; documents as attachments",
        params: z.object({ messageId: z.coerce.number().int().positive() }),
      },
    },
    async (req, reply) => {
      const file = await chatMediaFile(db, media, await resolveViewer(db, req), req.params.messageId)
      return reply
        .type(file.mime)
        .header('content-length', String(file.size))
        .header(
          'content-disposition',
          `${file.disposition}; filename*=UTF-8''${encodeURIComponent(file.name)}`,
        )
        .header('cache-control', 'private, max-age=3600')
        .send(fs.createReadStream(file.path))
    },
  )
}
