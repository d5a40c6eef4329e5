import type { FastifyInstance } from 'fastify'
import { InheritanceEngine } from './inheritance.engine.js'
import { InheritanceRepository } from './inheritance.repository.js'
import { inheritanceRoutes } from './inheritance.routes.js'
import { type InheritanceDeps, InheritanceService } from './inheritance.service.js'

/** How often running hand-overs are checked for a stopped worker. */
const RESUME_EVERY_MS = 30_000

/** Fan inheritance: routes, and the engine that finishes hand-overs a restart cut short. */
export function installInheritance(app: FastifyInstance, deps: InheritanceDeps) {
  const service = new InheritanceService(deps, new InheritanceRepository(deps.db))
  inheritanceRoutes(app, service)
  return { service, engine: new InheritanceEngine(service, RESUME_EVERY_MS, deps.log) }
}
