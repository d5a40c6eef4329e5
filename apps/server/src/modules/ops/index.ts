// The ops module's face: what the rest of the server may use of it.
export { createLogger } from './ops.logger.js'
export { installOps } from './ops.module.js'
