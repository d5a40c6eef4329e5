// The merchants module's face: what the rest of the server may use of it.
export { installMerchants } from './merchants.module.js'
