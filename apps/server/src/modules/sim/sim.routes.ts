import { simEndpoints as api } from '@app/core'
import type { FastifyInstance } from 'fastify'
import { route } from '../../http/contract.js'
import { ok } from '../../http/envelope.js'
import type { SimService } from './sim.service.js'

/**
 * The simulated phone's API (/sim page). Registered only when the app runs on the simulated
 * network (demo mode): elsewhere these paths do not exist. Public, because the person holding
 * the phone is not a user of the product.
 */
export function simRoutes(app: FastifyInstance, sim: SimService): void {
  route(app, api.phones, async () => ok(await sim.phones()))
  route(app, api.addPhone, async (req) => ok(await sim.addPhone(req.body.phone, req.body.name || undefined)))
  route(app, api.qrs, async () => ok(await sim.pendingQrs()))
  route(app, api.scan, async (req) => ok(await sim.scan(req.body.phone, req.body.qr)))
  route(app, api.pair, async (req) => ok(await sim.pair(req.body.phone, req.body.code)))
  route(app, api.chats, async (req) => ok(await sim.chats(req.query.phone)))
  route(app, api.messages, async (req) => {
    const { phone, peer, limit, before } = req.query
    return ok(await sim.messages(phone, peer, limit, before))
  })
  route(app, api.media, async (req, reply) => {
    const item = await sim.media(req.params.id)
    if (!item) return reply.callNotFound()
    return reply.header('cache-control', 'private, max-age=3600').type(item.mimetype).send(item.data)
  })
  route(app, api.send, async (req) => ok(await sim.send(req.body.phone, req.body.to, req.body.content)))
  route(app, api.read, async (req) => {
    await sim.read(req.body.phone, req.body.peer)
    return ok(null)
  })
  route(app, api.revoke, async (req) => {
    await sim.revoke(req.body.phone, req.body.messageId)
    return ok(null)
  })
  route(app, api.edit, async (req) => {
    await sim.edit(req.body.phone, req.body.messageId, req.body.text)
    return ok(null)
  })
  route(app, api.group, async (req) => ok(await sim.group(req.query.phone, req.query.groupId)))
  route(app, api.groupCreate, async (req) =>
    ok(await sim.createGroup(req.body.phone, req.body.subject, req.body.members)),
  )
  route(app, api.groupJoin, async (req) => ok(await sim.joinGroup(req.body.phone, req.body.code)))
  route(app, api.groupLeave, async (req) => {
    await sim.leaveGroup(req.body.phone, req.body.groupId)
    return ok(null)
  })
  route(app, api.addressing, async (req) => ok(await sim.setAddressing(req.body.phone, req.body.addressing)))
  route(app, api.reveal, async (req) => ok(await sim.revealPhone(req.body.phone)))
  route(app, api.fault, async (req) => ok(await sim.fault(req.body.phone, req.body.fault, req.body.outageMs)))
  route(app, api.diversionLinks, async () => ok(await sim.diversionLinks()))
  route(app, api.visit, async (req) => ok(await sim.visit(req.body.phone, req.body.code)))
}
