// The console module's face: what the rest of the server may use of it.
export { installConsole } from './console.module.js'
