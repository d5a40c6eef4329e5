import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/index.js'
import { LabelsRepository } from './labels.repository.js'
import { labelsRoutes } from './labels.routes.js'
import { LabelsService } from './labels.service.js'

/** Labels: repository, service and routes; the service is returned for other modules (fan lists, mass sends). */
export function installLabels(app: FastifyInstance, db: Db): LabelsService {
  const service = new LabelsService(db, new LabelsRepository(db))
  labelsRoutes(app, service)
  return service
}
