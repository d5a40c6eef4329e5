import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/index.js'
import { PortsRepository } from './ports.repository.js'
import { portsRoutes } from './ports.routes.js'

/** Ports: the paid slots a linked WS account holds. Their expiry engine is built with the accounts it logs out. */
export function installPorts(app: FastifyInstance, db: Db): PortsRepository {
  const ports = new PortsRepository(db)
  portsRoutes(app, ports)
  return ports
}
