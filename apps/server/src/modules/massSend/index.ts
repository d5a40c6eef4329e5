// The massSend module's face: what the rest of the server may use of it.
export { installMassSend } from './massSend.module.js'
