// The materials module's face: what the rest of the server may use of it.
export { materialCallerOf } from './materials.library.js'
export { installMaterials } from './materials.module.js'
export { contactVcard, materialToOutbound } from './materials.outbound.js'
export type { MaterialsService } from './materials.service.js'
