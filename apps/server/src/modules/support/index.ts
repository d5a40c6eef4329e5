// The support module's face: what the rest of the server may use of it.
export { installSupport, supportSettings } from './support.module.js'
export { type ServiceClock, targetsOf } from './support.service.js'
