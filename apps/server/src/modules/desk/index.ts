// The desk module's face: what the rest of the server may use of it.
export { type Desk, installDesk } from './desk.module.js'
export { DeskPresence } from './desk.presence.js'
export type { SessionActions } from './session.actions.js'
export { sessionMentionsMergePart } from './session-mentions-merge.js'
export { sessionReadsMergePart } from './session-reads-merge.js'
