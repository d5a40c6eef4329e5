import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/index.js'
import type { MediaQuota, MediaStore } from '../messages/index.js'
import { materialGroupsRoutes } from './material-groups.routes.js'
import { MaterialGroupsService } from './material-groups.service.js'
import { materialsRoutes } from './materials.routes.js'
import { MaterialsService } from './materials.service.js'
import { materialUploadRoutes } from './materials.upload.js'

/**
 * The material libraries: groups, materials and uploads. Files go through the messaging media
 * store (uploads under the tenant's storage quota), so the outbox sends a material's file by its mediaId; the returned service's
 * `toOutbound` is what the desk's composer sends a material as.
 */
export function installMaterials(
  app: FastifyInstance,
  db: Db,
  media: MediaStore,
  uploads: MediaQuota,
): MaterialsService {
  const materials = new MaterialsService(db, media)
  materialGroupsRoutes(app, new MaterialGroupsService(db))
  materialsRoutes(app, materials)
  materialUploadRoutes(app, uploads, materials)
  return materials
}
