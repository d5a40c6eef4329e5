// The system module's face: what the rest of the server may use of it.
export { ensurePlatformAdmin } from './bootstrap.js'
export { seedDemoBilling } from './demo-billing.js'
export { linkDemoNumbers } from './demo-link.js'
export { DEMO_USERS, seedDemo, seedDemoNetwork } from './demo-seed.js'
export { systemRoutes } from './system.routes.js'
