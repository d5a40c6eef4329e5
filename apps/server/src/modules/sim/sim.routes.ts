import {
  simFaultBody,
  simGroupBody,
  simGroupCreateBody,
  simGroupJoinBody,
  simMessagesQuery,
  simPairBody,
  simPhoneBody,
  simPhoneQuery,
  simReadBody,
  simRevokeBody,
  simScanBody,
  simSendBody,
} from '@app/core'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ok } from '../../http/envelope.js'
import type { SimService } from './sim.service.js'

const base = '/damai/sim'

/**
 * The simulated phone's API (/sim page). Registered only when the app runs on the simulated
 * network (demo mode): elsewhere these paths do not exist. Public, because the person holding
 * the phone is not a user of the product.
 */
export function simRoutes(app: FastifyInstance, sim: SimService): void {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['sim']
  const config = { public: true }

  r.get(`${base}/phones`, { config, schema: { tags, summary: 'Phones on the network' } }, async () =>
    ok(await sim.phones()),
  )
  r.post(
    `${base}/phones`,
    { config, schema: { tags, summary: 'Add (or rename) a phone', body: simPhoneBody } },
    async (req) => ok(await sim.addPhone(req.body.phone, req.body.name || undefined)),
  )
  r.get(`${base}/qrs`, { config, schema: { tags, summary: 'QR codes pending logins show' } }, async () =>
    ok(await sim.pendingQrs()),
  )
  r.post(
    `${base}/scan`,
    { config, schema: { tags, summary: 'Scan a QR with a phone', body: simScanBody } },
    async (req) => ok(await sim.scan(req.body.phone, req.body.qr)),
  )
  r.post(
    `${base}/pair`,
    { config, schema: { tags, summary: 'Enter a pairing code on a phone', body: simPairBody } },
    async (req) => ok(await sim.pair(req.body.phone, req.body.code)),
  )
  r.get(
    `${base}/chats`,
    { config, schema: { tags, summary: "A phone's chats", querystring: simPhoneQuery } },
    async (req) => ok(await sim.chats(req.query.phone)),
  )
  r.get(
    `${base}/messages`,
    { config, schema: { tags, summary: 'Messages of one chat, newest last', querystring: simMessagesQuery } },
    async (req) => {
      const { phone, peer, limit, before } = req.query
      return ok(await sim.messages(phone, peer, limit, before))
    },
  )
  r.get(
    `${base}/media/:id`,
    {
      config,
      schema: {
        tags,
        summary: 'Bytes of a media message',
        params: z.object({ id: z.string().regex(/^\d+$/) }),
      },
    },
    async (req, reply) => {
      const item = await sim.media(req.params.id)
      if (!item) return reply.callNotFound()
      return reply.header('cache-control', 'private, max-age=3600').type(item.mimetype).send(item.data)
    },
  )
  r.post(
    `${base}/send`,
    { config, schema: { tags, summary: 'Send as a phone', body: simSendBody } },
    async (req) => ok(await sim.send(req.body.phone, req.body.to, req.body.content)),
  )
  r.post(
    `${base}/read`,
    { config, schema: { tags, summary: 'Read a chat on a phone', body: simReadBody } },
    async (req) => {
      await sim.read(req.body.phone, req.body.peer)
      return ok(null)
    },
  )
  r.post(
    `${base}/revoke`,
    { config, schema: { tags, summary: "Delete the phone's own message", body: simRevokeBody } },
    async (req) => {
      await sim.revoke(req.body.phone, req.body.messageId)
      return ok(null)
    },
  )
  r.get(
    `${base}/group`,
    { config, schema: { tags, summary: 'A group the phone is in', querystring: simGroupBody } },
    async (req) => ok(await sim.group(req.query.phone, req.query.groupId)),
  )
  r.post(
    `${base}/group/create`,
    { config, schema: { tags, summary: 'Create a group', body: simGroupCreateBody } },
    async (req) => ok(await sim.createGroup(req.body.phone, req.body.subject, req.body.members)),
  )
  r.post(
    `${base}/group/join`,
    { config, schema: { tags, summary: 'Join a group by invite', body: simGroupJoinBody } },
    async (req) => ok(await sim.joinGroup(req.body.phone, req.body.code)),
  )
  r.post(
    `${base}/group/leave`,
    { config, schema: { tags, summary: 'Leave a group', body: simGroupBody } },
    async (req) => {
      await sim.leaveGroup(req.body.phone, req.body.groupId)
      return ok(null)
    },
  )
  r.post(
    `${base}/fault`,
    { config, schema: { tags, summary: "A fault on one of the product's numbers", body: simFaultBody } },
    async (req) => ok(await sim.fault(req.body.phone, req.body.fault, req.body.outageMs)),
  )
}
