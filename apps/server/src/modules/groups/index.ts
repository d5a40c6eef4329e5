// The groups module's face: what the rest of the server may use of it.
export { installGroups } from './groups.module.js'
