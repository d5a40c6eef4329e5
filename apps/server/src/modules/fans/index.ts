// The fans module's face: what the rest of the server may use of it.

export { fanDetail } from './fan.detail.js'
export { FanDirectory } from './fan.directory.js'
export { FanIdentities, type FanMergeDone, type LinkOutcome } from './fan-identity.js'
export { FanLabeling } from './fan-labels.service.js'
export { fanPlaces } from './fan-places.js'
export { type MassAudienceFilter, MassAudienceQuery } from './fans.audience.js'
export type { VisibleSessions } from './fans.collaborators.js'
export { installFans } from './fans.module.js'
export type { FanIdentity } from './fans.repository.js'
export { fansBatchCtes } from './fans.upsert-batch.js'
export { installInheritance } from './inheritance.module.js'
