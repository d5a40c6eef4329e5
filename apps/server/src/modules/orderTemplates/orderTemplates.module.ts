import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/index.js'
import { jidToPhone } from '../../gateway/messaging-gateway.js'
import { loadDeskSession } from '../sessions/index.js'
import { orderTemplatesRoutes } from './orderTemplates.routes.js'
import { OrderTemplatesService } from './orderTemplates.service.js'

/** Order templates: written by the supervisor, offered filled in the desk composer. */
export function installOrderTemplates(app: FastifyInstance, db: Db): OrderTemplatesService {
  const service = new OrderTemplatesService(db, async (caller, sessionId) => {
    const s = await loadDeskSession(db, caller, sessionId)
    return {
      nickname: s.peer.title,
      phone: jidToPhone(s.peer.jid) ?? '',
      account: s.account.phone ?? '',
    }
  })
  orderTemplatesRoutes(app, service)
  return service
}
