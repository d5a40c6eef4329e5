// The statistics module's face: what the rest of the server may use of it.
export { installStatistics } from './statistics.module.js'
