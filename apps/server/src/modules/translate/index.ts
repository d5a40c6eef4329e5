// The translate module's face: what the rest of the server may use of it.
export { installTranslate } from './translate.module.js'
