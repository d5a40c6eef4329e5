// The sessions module's face: what the rest of the server may use of it.
export { CountsCache } from './counts.cache.js'
export { listDeskAccounts } from './desk-accounts.query.js'
export { groupDetail } from './group.detail.js'
export { pickableGroupChats } from './group-chat-picker.query.js'
export type { GroupChat, MemberRow } from './group-chats.repository.js'
export { GroupChatSync, GroupDirectory, GroupNotes } from './group-chats.service.js'
export {
  canFollowSession,
  type DeskSession,
  loadDeskSession,
  loadDeskSessions,
  sessionRooms,
} from './session.access.js'
export { SessionDirectory } from './session.directory.js'
export { presentSessionStatus, restricted } from './session.presenter.js'
export { chatSessionInScope, type SessionScopes } from './session.scope.js'
export { canSeeSession, visibleSessions } from './session.visibility.js'
export { type AllocationBucket, SessionAllocationQuery } from './session-allocation.query.js'
export { SessionListQuery } from './session-list.query.js'
export { SessionMerge } from './session-merge.js'
export { SessionStatusUpdates } from './session-status.js'
export { personalSessionsBatchCtes } from './sessions.personal-batch.js'
export type { SessionTouch } from './sessions.repository.js'
