// The dynamics module's face: what the rest of the server may use of it.
export { installDynamics } from './dynamics.module.js'
