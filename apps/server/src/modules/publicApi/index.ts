// The public API module's face: what the rest of the server may use of it.
export { installPublicApi } from './publicApi.module.js'
