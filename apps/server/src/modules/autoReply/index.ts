// The autoReply module's face: what the rest of the server may use of it.
export { installAutoReply } from './autoReply.module.js'
