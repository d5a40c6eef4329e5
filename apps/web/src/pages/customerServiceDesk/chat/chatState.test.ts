import type { ChatMessageView, RiskRefusal } from '@app/core'
import { describe, expect, it } from 'vitest'
import { makeMessage } from '../../../test/fixtures'
import {
  applyUpdate,
  emptyChat,
  FIRST_INDEX,
  foldReaction,
  fromPage,
  mergeNewest,
  prependOlder,
  toChatMessage,
  upsertMessage,
} from './chatState'

const page = (newestFirst: ChatMessageView[], hasMore = true) => ({ list: newestFirst, hasMore })
const ids = (items: ChatMessageView[]) => items.map((m) => m.id)

describe('chat state', () => {
  const m1 = makeMessage({ id: 1, timestamp: 1000 })
  const m2 = makeMessage({ id: 2, timestamp: 2000 })
  const m3 = makeMessage({ id: 3, timestamp: 3000 })
  const m4 = makeMessage({ id: 4, timestamp: 4000 })

  it('holds a page oldest first and leaves reactions out', () => {
    const reaction = makeMessage({ id: 5, type: 'reaction', timestamp: 5000 })
    const s = fromPage(page([reaction, m4, m3]))
    expect(ids(s.items)).toEqual([3, 4])
    expect(s.firstItemIndex).toBe(FIRST_INDEX - 2)
    expect(s.hasMore).toBe(true)
  })

  it('prepends an older page and moves firstItemIndex by what was added', () => {
    const s = prependOlder(fromPage(page([m4, m3])), page([m2, m1], false))
    expect(ids(s.items)).toEqual([1, 2, 3, 4])
    expect(s.firstItemIndex).toBe(FIRST_INDEX - 4)
    expect(s.hasMore).toBe(false)
  })

  it('appends a new message once, whatever copy comes second', () => {
    let s = fromPage(page([m2, m1]))
    s = upsertMessage(s, m3)
    s = upsertMessage(s, { ...m3, body: 'edited' })
    expect(ids(s.items)).toEqual([1, 2, 3])
    expect(s.items[2]?.body).toBe('edited')
  })

  it('never moves status or delivery backwards when the send answer comes after the socket', () => {
    const queued = makeMessage({ id: 9, fromMe: true, status: 'requested', timestamp: 9000 })
    let s = upsertMessage(emptyChat(), queued)
    s = applyUpdate(s, { id: 9, sessionId: 7, status: 'sent', delivery: 'read', failureReason: null })
    s = upsertMessage(s, queued)
    expect(s.items[0]).toMatchObject({ status: 'sent', delivery: 'read' })
  })

  it('keeps a risk refusal’s details when the send answer comes after the socket said it failed', () => {
    const queued = makeMessage({ id: 9, fromMe: true, status: 'requested', timestamp: 9000 })
    let s = upsertMessage(emptyChat(), queued)
    const risk: RiskRefusal = { rule: 'perMinute', remaining: 7, reopensAt: 60_000 }
    s = applyUpdate(s, {
      id: 9,
      sessionId: 7,
      status: 'failed',
      delivery: 'none',
      failureReason: 'risk_control_limit',
      risk,
    })
    s = upsertMessage(s, queued)
    expect(s.items[0]).toMatchObject({
      status: 'failed',
      failureReason: 'risk_control_limit',
      meta: { risk },
    })
  })

  it('applies status, delivery, failure reason and an edited text', () => {
    const s = applyUpdate(fromPage(page([m1])), {
      id: 1,
      sessionId: 7,
      status: 'failed',
      delivery: 'none',
      failureReason: 'ws_ban',
      body: 'new words',
    })
    expect(s.items[0]).toMatchObject({ status: 'failed', failureReason: 'ws_ban', body: 'new words' })
  })

  it("folds reactions: each sender's latest counts, an empty one removes it", () => {
    let s = fromPage(page([m1]))
    const react = (emoji: string) =>
      makeMessage({ type: 'reaction', body: emoji, quoted: { waMessageId: 'WA1', preview: '' } })
    s = foldReaction(s, react('👍'))
    s = foldReaction(s, react('❤️'))
    expect(s.items[0]?.reactions.map((r) => r.emoji)).toEqual(['❤️'])
    s = foldReaction(s, react(''))
    expect(s.items[0]?.reactions).toEqual([])
  })

  it('after a reconnect joins an overlapping newest page, and replaces the list after a gap', () => {
    const held = fromPage(page([m2, m1]))
    const joined = mergeNewest(held, page([m3, m2]))
    expect(ids(joined.items)).toEqual([1, 2, 3])
    expect(joined.generation).toBe(held.generation)
    const gap = mergeNewest(held, page([m4, m3]))
    expect(ids(gap.items)).toEqual([3, 4])
    expect(gap.generation).toBe(held.generation + 1)
  })

  it('resolves the quote of a live message among the messages held', () => {
    const live = toChatMessage(
      { ...makeMessage({ id: 20, mediaId: 4 }), quoted: { waMessageId: 'WA1', preview: 'hi' } },
      [m1],
      'Wang',
    )
    expect(live.mediaUrl).toBe('/damai/customer/user/chatMedia/20')
    expect(live.quotedMessage).toMatchObject({ id: 1, message: m1.body, userName: 'Wang' })
    const unknown = toChatMessage({ ...makeMessage(), quoted: { waMessageId: 'X', preview: 'old' } }, [])
    expect(unknown.quotedMessage).toMatchObject({ id: null, message: 'old' })
  })
})
