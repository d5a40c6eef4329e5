import { DESK_CALLS_PREFIX, MaterialOwnerType } from '@app/core'

/** What the rule reads of an outgoing call. */
interface OutgoingCall {
  method?: string
  url?: string
  params?: unknown
  data?: unknown
}

/**
 * The folders (the path's part after the desk's prefix) whose calls always carry the agent acted
 * as: the customer-user (desk chat) calls, the desk's sessions (their list and actions, the session
 * migration and the AI-reply switch among them), its group chats, its auto-reply rules and its
 * mass sends (the agent's own tasks, as the agent sees them on the desk). The session-friend tags
 * query (`label/fan`) is deliberately not here. Folders, not the contracts themselves: the rule
 * runs on every call from the first page, which must not load every contract's schemas.
 */
const ALWAYS = new Set(['user', 'desk', 'session', 'group', 'autoReply', 'massSend'])

/**
 * The material libraries' folders: their calls carry the agent acted as unless they name the
 * public library. The personal library's reads, writes and reads by id then all reach the same
 * library (a material saved on the desk shows in the list it was saved from, and its preview opens).
 */
const LIBRARY = new Set(['material', 'materialGroup'])

/** `session` of `<prefix>session/page`; null for a call outside the desk's prefix. */
const folderOf = (url: string): string | null =>
  url.startsWith(DESK_CALLS_PREFIX) ? (url.slice(DESK_CALLS_PREFIX.length).split('/')[0] ?? null) : null

const ownerTypeOf = (v: unknown): number | null => {
  if (typeof v === 'string' && v.startsWith('{')) {
    try {
      return ownerTypeOf(JSON.parse(v))
    } catch {
      return null
    }
  }
  if (typeof v !== 'object' || v === null || !('ownerType' in v)) return null
  const n = Number((v as { ownerType: unknown }).ownerType)
  return Number.isFinite(n) ? n : null
}

/**
 * Whether a supervisor working the desk as one of their agents sends `customer-user-id` on this
 * call: the customer-user (desk chat) calls, the desk's session calls, group chats, auto reply,
 * mass sends, and the calls of the personal material library. Every other call works for the
 * supervisor themselves.
 */
export function carriesActingAgent(call: OutgoingCall): boolean {
  const url = (call.url ?? '').split('?')[0] ?? ''
  const folder = folderOf(url)
  if (folder === null) return false
  if (ALWAYS.has(folder)) return true
  if (!LIBRARY.has(folder)) return false
  const method = (call.method ?? 'get').toLowerCase()
  const input = method === 'get' || method === 'delete' ? (call.params ?? call.data) : call.data
  return ownerTypeOf(input) !== MaterialOwnerType.public
}
