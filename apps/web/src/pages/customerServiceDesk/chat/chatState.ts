import {
  type ChatHistoryPage,
  type ChatMessageView,
  DELIVERY_RANK,
  type MessageStatusValue,
  MessageType,
  type MessageUpdatedEvent,
  type MessageView,
  type QuotedMessageView,
  type ReactionView,
} from '@app/core'
import { chatMediaUrl } from '../../../api/chat'
import { phoneOfJid } from './messages/format'

/**
 * The messages of one open chat, oldest first, as the virtualised list shows them. Older pages are
 * prepended: `firstItemIndex` goes down by the number prepended, so the list keeps its place.
 * `generation` changes when the list is replaced as a whole (a gap after a reconnect).
 */
export interface ChatState {
  items: ChatMessageView[]
  firstItemIndex: number
  hasMore: boolean
  generation: number
}

/** Where the index count starts: far enough from 0 for any chat to page upward into. */
export const FIRST_INDEX = 1_000_000_000

export const emptyChat = (generation = 0): ChatState => ({
  items: [],
  firstItemIndex: FIRST_INDEX,
  hasMore: false,
  generation,
})

/** Oldest first; reactions are folded onto their messages by the server. */
const ascending = (page: ChatHistoryPage) =>
  [...page.list].filter((m) => m.type !== MessageType.reaction).reverse()

const before = (a: ChatMessageView, b: ChatMessageView) =>
  a.timestamp < b.timestamp || (a.timestamp === b.timestamp && a.id < b.id)

/** The newest page of a chat. */
export function fromPage(page: ChatHistoryPage, generation = 0): ChatState {
  const items = ascending(page)
  return { items, firstItemIndex: FIRST_INDEX - items.length, hasMore: page.hasMore, generation }
}

/** An older page (asked with beforeId = the oldest id held) goes on top. */
export function prependOlder(state: ChatState, page: ChatHistoryPage): ChatState {
  const known = new Set(state.items.map((m) => m.id))
  const older = ascending(page).filter((m) => !known.has(m.id))
  return {
    ...state,
    items: [...older, ...state.items],
    firstItemIndex: state.firstItemIndex - older.length,
    hasMore: page.hasMore,
  }
}

const STATUS_RANK: Record<MessageStatusValue, number> = {
  requested: 0,
  sending: 1,
  sent: 2,
  failed: 2,
  withdrawn: 3,
}

/**
 * Two copies of one message: the newer facts win. A send's answer can arrive after the socket
 * already told that the message went out, so status and delivery never move backwards.
 */
function mergeCopies(old: ChatMessageView, fresh: ChatMessageView): ChatMessageView {
  const keepStatus = STATUS_RANK[old.status] > STATUS_RANK[fresh.status]
  const keepDelivery = DELIVERY_RANK.indexOf(old.delivery) > DELIVERY_RANK.indexOf(fresh.delivery)
  return {
    ...fresh,
    // the further copy's status comes with what it says of it (a risk refusal's rule, count and
    // reopening time live in its meta)
    ...(keepStatus
      ? { status: old.status, failureReason: old.failureReason, meta: { ...fresh.meta, ...old.meta } }
      : {}),
    ...(keepDelivery ? { delivery: old.delivery } : {}),
    // the socket's copy lacks the history's lookups: keep what is known
    quotedMessage: fresh.quotedMessage ?? old.quotedMessage,
    reactions: fresh.reactions.length ? fresh.reactions : old.reactions,
    mediaUrl: fresh.mediaUrl ?? old.mediaUrl,
  }
}

/** Add a message, or merge it into the one with the same id; kept in time order. */
export function upsertMessage(state: ChatState, message: ChatMessageView): ChatState {
  const at = state.items.findIndex((m) => m.id === message.id)
  if (at >= 0) {
    const items = [...state.items]
    items[at] = mergeCopies(items[at] as ChatMessageView, message)
    return { ...state, items }
  }
  const last = state.items[state.items.length - 1]
  if (!last || before(last, message)) return { ...state, items: [...state.items, message] }
  const index = state.items.findIndex((m) => before(message, m))
  const items = [...state.items]
  items.splice(index, 0, message)
  // a message older than everything held counts as prepended, so the list does not jump
  return index === 0 ? { ...state, items, firstItemIndex: state.firstItemIndex - 1 } : { ...state, items }
}

/** Status, delivery, failure reason, and the text of an edited message. */
export function applyUpdate(state: ChatState, e: MessageUpdatedEvent): ChatState {
  const at = state.items.findIndex((m) => m.id === e.id)
  if (at < 0) return state
  const items = [...state.items]
  const old = items[at] as ChatMessageView
  items[at] = {
    ...old,
    status: e.status,
    delivery: e.delivery,
    failureReason: e.failureReason,
    ...(e.body !== undefined ? { body: e.body } : {}),
    // an edit: its mark, the texts it replaced, and its details (an unread edit's note)
    ...(e.editedAt !== undefined ? { editedAt: e.editedAt } : {}),
    ...(e.edits !== undefined ? { edits: e.edits } : {}),
    ...(e.meta !== undefined ? { meta: e.meta } : {}),
    // a risk refusal's details live in the message's meta, as a load of the chat returns them
    ...(e.risk ? { meta: { ...old.meta, risk: e.risk } } : {}),
  }
  return { ...state, items }
}

/** A reaction arriving live: the latest of each sender counts, an empty one removes theirs. */
export function foldReaction(state: ChatState, reaction: MessageView): ChatState {
  const target = reaction.quoted?.waMessageId
  if (!target) return state
  const at = state.items.findIndex((m) => m.waMessageId === target)
  if (at < 0) return state
  const items = [...state.items]
  const old = items[at] as ChatMessageView
  const who = (r: { fromMe: boolean; senderJid: string }) => (r.fromMe ? '' : r.senderJid)
  const others = old.reactions.filter((r) => who(r) !== who(reaction))
  const reactions: ReactionView[] = reaction.body
    ? [...others, { emoji: reaction.body, fromMe: reaction.fromMe, senderJid: reaction.senderJid }]
    : others
  items[at] = { ...old, reactions }
  return { ...state, items }
}

/**
 * After a reconnect: the newest page joins the list when it overlaps what is held; when messages
 * were missed in between, it replaces the list (the older ones page in again on scrolling).
 */
export function mergeNewest(state: ChatState, page: ChatHistoryPage): ChatState {
  const fresh = ascending(page)
  const known = new Set(state.items.map((m) => m.id))
  const overlaps = fresh.length === 0 || !page.hasMore || fresh.some((m) => known.has(m.id))
  if (!overlaps || state.items.length === 0) return fromPage(page, state.generation + 1)
  return fresh.reduce(upsertMessage, state)
}

/**
 * A message from the socket as the chat box shows it; its quote is looked up among those held.
 * `peerName` names the customer of a personal chat (groups name the sender's number).
 */
export function toChatMessage(
  m: MessageView,
  held: readonly ChatMessageView[],
  peerName = '',
): ChatMessageView {
  let quotedMessage: QuotedMessageView | null = null
  if (m.quoted) {
    const q = held.find((h) => h.waMessageId === m.quoted?.waMessageId)
    quotedMessage = q
      ? {
          id: q.id,
          waMessageId: q.waMessageId,
          message: q.body || m.quoted.preview,
          type: q.type,
          userName: q.fromMe ? '' : peerName || phoneOfJid(q.senderJid),
          fromMe: q.fromMe,
          time: q.timestamp,
        }
      : {
          id: null,
          waMessageId: m.quoted.waMessageId,
          message: m.quoted.preview,
          type: null,
          userName: '',
          fromMe: null,
          time: null,
        }
  }
  return {
    ...m,
    mediaUrl: m.mediaId !== null ? chatMediaUrl(m.id) : null,
    quotedMessage,
    reactions: [],
    requestedBy: null,
  }
}
