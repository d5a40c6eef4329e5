import fs from 'node:fs'
import { Access, chatHistoryBody, messageIdBody, sendChatBody, sessionIdBody } from '@app/core'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { callerOf } from '../../http/caller.js'
import { ok } from '../../http/envelope.js'
import type { ChatHistory } from '../messages/chat.history.js'
import type { ChatMedia } from '../messages/chat.media.js'
import type { ChatReads } from './chat.reads.js'
import type { ChatService } from './chat.service.js'
import type { ChatUploads } from './chat.upload.js'

/** Reading: the supervisor, agents and team leads (read-only). Writing: the desk's roles. */

export interface ChatDeps {
  media: ChatMedia
  uploads: ChatUploads
  history: ChatHistory
  chat: ChatService
  reads: ChatReads
}

/** The spec's desk chat calls (§7), verbatim, plus resend and the media of a message. */
export function chatRoutes(app: FastifyInstance, { media, uploads, history, chat, reads }: ChatDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['desk chat']
  const base = '/damai/customer/user'
  const read = { roles: Access.deskRead }
  const write = { roles: Access.desk }

  r.post(
    `${base}/getSessionChatMessages`,
    {
      config: read,
      schema: { tags, summary: 'Chat history, newest first; beforeId pages upward', body: chatHistoryBody },
    },
    async (req) => ok(await history.pageFor(callerOf(req), req.body)),
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
    async (req) => ok(await chat.send(callerOf(req), req.body)),
  )
  r.post(
    `${base}/resendChatMessage`,
    {
      config: write,
      schema: { tags, summary: 'Send a failed message again as a new message', body: messageIdBody },
    },
    async (req) => ok(await chat.resend(callerOf(req), req.body.messageId)),
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
    async (req) => ok(await chat.revoke(callerOf(req), req.body.messageId)),
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
    async (req) => ok(await reads.markSessionRead(callerOf(req), req.body.sessionId)),
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
    async (req) => ok(await uploads.send(callerOf(req), req)),
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
      const file = await media.file(callerOf(req), req.params.messageId)
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
