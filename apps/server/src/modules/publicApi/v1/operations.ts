import {
  ApiScope,
  chatMessageView,
  deskAccountView,
  deskSessionView,
  type FanLabelsChange,
  labelView,
  SESSION_STATUSES,
  sendChatBody,
  sessionStatusView,
} from '@app/core'
import { z } from 'zod'
import type { Db } from '../../../db/index.js'
import type { Caller } from '../../../http/caller.js'
import type { OutboundGuard } from '../../../net/outbound/outbound-guard.js'
import type { Desk } from '../../desk/index.js'
import type { installFans } from '../../fans/index.js'
import type { installMassSend } from '../../massSend/index.js'
import type { MaterialsService } from '../../materials/index.js'
import { ChatHistory } from '../../messages/index.js'
import { listDeskAccounts } from '../../sessions/index.js'
import type { Webhooks } from '../../webhooks/index.js'
import { cursor, id, idParams, limit, openSession, page } from './fields.js'
import { CHAT_TYPE_OF, fetchMedia, type MediaMessage, mediaMessage } from './media.js'
import { type Operation, operation } from './operation.js'
import { customerOperations } from './operations.customers.js'
import { massSendOperations } from './operations.massSend.js'
import { materialOperations } from './operations.materials.js'
import { webhookOperations } from './operations.webhooks.js'
import { problem } from './problem.js'

type Fans = ReturnType<typeof installFans>

/** The services the operations call, each with the caller of the key (the supervisor who made it). */
export interface OperationDeps {
  db: Db
  desk: Desk
  labels: {
    list(tenantId: number): Promise<z.input<typeof labelView>[]>
    setOnFan(actor: Caller, fanId: number, labelIds: number[]): Promise<FanLabelsChange>
  }
  fans: { list: Pick<Fans['list'], 'page' | 'detail'>; batches: Pick<Fans['batches'], 'invalid'> }
  materials: Pick<MaterialsService, 'listVisible'>
  webhooks: Pick<Webhooks['service'], 'list' | 'create' | 'update' | 'remove'>
  /** the guard of addresses tenants give (a file to send by its address) */
  outbound: OutboundGuard
  massSend: Pick<
    ReturnType<typeof installMassSend>['service'],
    'create' | 'detail' | 'pause' | 'resume' | 'terminate'
  >
}

/** A message to send: to a conversation, or to a phone through one of the tenant's numbers. */
const sendBody = z
  .object({
    sessionId: z.number().int().positive().optional().meta({ description: 'The conversation to send in' }),
    accountId: z
      .number()
      .int()
      .positive()
      .optional()
      .meta({ description: 'With `phone`: the number to send from (default: the first online one)' }),
    phone: z
      .string()
      .regex(/^\+?\d{6,20}$/, 'phone.invalid')
      .optional()
      .meta({ description: 'With no `sessionId`: the customer’s phone, digits with the country code' }),
    message: z
      .discriminatedUnion('type', [
        ...(sendChatBody.options as readonly z.ZodObject[]).map((o) =>
          o.omit({ sessionId: true, whatsappId: true, quotedMessageId: true } as never),
        ),
        mediaMessage,
      ] as unknown as [z.ZodObject, ...z.ZodObject[]])
      .meta({
        description:
          'What to send: text, location, contacts, a material of the library, a link, or a file by its address',
      }),
  })
  .refine((b) => (b.sessionId === undefined) !== (b.phone === undefined), {
    message: 'Give either sessionId or phone',
    path: ['sessionId'],
  })

export function operations(d: OperationDeps): Operation[] {
  const history = new ChatHistory(d.db, d.desk.list.scopes)
  return [
    operation({
      method: 'GET',
      path: '/accounts',
      operationId: 'listAccounts',
      summary: 'The tenant’s WhatsApp numbers with their link status',
      tag: 'accounts',
      scope: ApiScope.read,
      response: z.object({ data: z.array(deskAccountView) }),
      handler: async ({ principal }) => ({ data: await listDeskAccounts(d.db, principal.caller) }),
    }),
    operation({
      method: 'GET',
      path: '/labels',
      operationId: 'listLabels',
      summary: 'The tenant’s labels',
      tag: 'labels',
      scope: ApiScope.read,
      response: z.object({ data: z.array(labelView) }),
      handler: async ({ principal }) => ({ data: await d.labels.list(principal.tenantId) }),
    }),
    operation({
      method: 'GET',
      path: '/sessions',
      operationId: 'listSessions',
      summary: 'Conversations, newest activity first (with `waiting=true`: the longest waiting on us first)',
      tag: 'sessions',
      scope: ApiScope.read,
      query: z.object({
        status: z.enum(SESSION_STATUSES).optional(),
        waiting: z
          .enum(['true', 'false'])
          .optional()
          .meta({ description: 'true: only those whose customer wrote last and waits for an answer' }),
        accountId: id.optional(),
        cursor,
        limit,
      }),
      response: page(deskSessionView),
      handler: async ({ principal, query }) => {
        const r = await d.desk.list.page(principal.caller, {
          filter: 'all',
          status: query.status,
          waiting: query.waiting === 'true' ? true : undefined,
          accountId: query.accountId,
          cursor: query.cursor,
          pageSize: query.limit,
        })
        return { data: r.list, nextCursor: r.nextCursor }
      },
    }),
    operation({
      method: 'GET',
      path: '/sessions/:id',
      operationId: 'getSession',
      summary: 'One conversation',
      tag: 'sessions',
      scope: ApiScope.read,
      params: idParams,
      response: deskSessionView,
      handler: async ({ principal, params }) => d.desk.list.one(principal.caller, params.id),
    }),
    operation({
      method: 'PUT',
      path: '/sessions/:id/status',
      operationId: 'setSessionStatus',
      summary: 'Open, pending, snoozed until a time, or resolved',
      tag: 'sessions',
      scope: ApiScope.send,
      params: idParams,
      body: z.object({
        status: z.enum(SESSION_STATUSES),
        snoozeUntil: z
          .number()
          .int()
          .optional()
          .meta({ description: 'epoch ms; only and always with snoozed' }),
      }),
      response: sessionStatusView,
      handler: async ({ principal, params, body }) => {
        const r = await d.desk.statuses.change(principal.caller, {
          sessionIds: [params.id],
          status: body.status,
          snoozeUntil: body.snoozeUntil,
        })
        const one = r.list[0]
        if (!one) throw problem(404, 404, 'No such conversation')
        return one
      },
    }),
    operation({
      method: 'PUT',
      path: '/sessions/:id/agent',
      operationId: 'assignSession',
      summary: 'Hand the conversation to an agent of the tenant',
      tag: 'sessions',
      scope: ApiScope.send,
      params: idParams,
      body: z.object({ userId: z.number().int().positive() }),
      response: deskSessionView,
      handler: async ({ principal, params, body }) => {
        await d.desk.actions.migrate(principal.caller, params.id, body.userId)
        return d.desk.list.one(principal.caller, params.id)
      },
    }),
    operation({
      method: 'GET',
      path: '/sessions/:id/messages',
      operationId: 'listMessages',
      summary: 'A conversation’s messages, newest first; page on with `before`',
      tag: 'messages',
      scope: ApiScope.read,
      params: idParams,
      query: z.object({
        before: id.optional().meta({ description: 'Only messages older than this message id' }),
        limit,
      }),
      response: z.object({ data: z.array(chatMessageView) }),
      handler: async ({ principal, params, query }) => {
        const r = await history.pageFor(principal.caller, {
          sessionId: params.id,
          beforeId: query.before,
          pageSize: query.limit,
        })
        return { data: r.list }
      },
    }),
    operation({
      method: 'POST',
      path: '/messages',
      operationId: 'sendMessage',
      summary: 'Send a message to a conversation or to a phone, through the outbox and its risk rules',
      description:
        'Answers the message as queued, with its id and status; its later statuses (sent, delivered, read, failed) come by the `message.status` webhook.',
      tag: 'messages',
      scope: ApiScope.send,
      body: sendBody,
      response: chatMessageView,
      status: 201,
      create: true,
      handler: async ({ principal, body }) => {
        let sessionId = body.sessionId
        if (sessionId === undefined) {
          const phone = (body.phone ?? '').replace(/^\+/, '')
          sessionId = await openSession(d.desk, principal.caller, phone, body.accountId)
        }
        const message = body.message as { type: string }
        if (message.type === 'media') {
          const m = message as MediaMessage
          const file = await fetchMedia(d.outbound, m.url)
          const fields = { sessionId, chatType: CHAT_TYPE_OF[m.kind], caption: m.caption }
          return d.desk.uploads.sendFile(principal.caller, fields, file.bytes, m.fileName ?? file.name)
        }
        return d.desk.chat.send(principal.caller, { ...body.message, sessionId } as never)
      },
    }),
    operation({
      method: 'POST',
      path: '/messages/:id/revoke',
      operationId: 'revokeMessage',
      summary: 'Withdraw one of our messages (WhatsApp allows it for a while after sending)',
      tag: 'messages',
      scope: ApiScope.send,
      params: idParams,
      response: z.object({ id: z.number().int(), accepted: z.boolean() }),
      handler: async ({ principal, params }) => {
        await d.desk.chat.revoke(principal.caller, params.id)
        return { id: params.id, accepted: true }
      },
    }),
    ...customerOperations(d),
    ...materialOperations(d),
    ...massSendOperations(d),
    ...webhookOperations(d),
  ]
}
