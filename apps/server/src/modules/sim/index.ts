// The sim module's face: what the rest of the server may use of it.
export { simRoutes } from './sim.routes.js'
export { type SimDeps, SimService } from './sim.service.js'
