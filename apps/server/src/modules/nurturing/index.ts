// The nurturing module's face: what the rest of the server may use of it.
export { installNurturing } from './nurturing.module.js'
