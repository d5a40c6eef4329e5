// The diversion module's face: what the rest of the server may use of it.

export { DiversionAcquisition } from './acquisition.query.js'
export { installDiversion } from './diversion.module.js'
export type { VisitService } from './visits.js'
