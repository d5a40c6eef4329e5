// The billing module's face: what the rest of the server may use of it.
export { type Billing, installBilling, orderFigures } from './billing.module.js'
export type { SeatsService } from './seats.service.js'
