import { describe, expect, it } from 'vitest'
import { makeMessage, makeSession } from '../../../test/fixtures'
import {
  applyMessageNew,
  applyMessageUpdated,
  applySessionChanges,
  type DeskRow,
  flattenRows,
  matchesList,
  placeRow,
  type SessionPages,
} from './sessionCache'

const pages = (lists: DeskRow[][], lastCursor: string | null = null): SessionPages => ({
  pages: lists.map((list, i) => ({ list, nextCursor: i === lists.length - 1 ? lastCursor : `c${i}` })),
  pageParams: lists.map((_, i) => (i === 0 ? undefined : `c${i - 1}`)),
})
const ids = (d: SessionPages) => flattenRows(d).map((r) => r.id)
const row = (id: number, at: number, extra: Partial<DeskRow> = {}) =>
  makeSession({ id, lastActivityAt: at, title: `S${id}`, ...extra })

describe('session list cache', () => {
  it('places a row by pinned, then activity, across pages, and leaves an older one to paging', () => {
    const data = pages(
      [
        [row(1, 90, { pinned: true }), row(2, 80)],
        [row(3, 50), row(4, 40)],
      ],
      'more',
    )
    expect(ids(placeRow(data, row(4, 100)))).toEqual([1, 4, 2, 3])
    expect(ids(placeRow(data, row(5, 45)))).toEqual([1, 2, 3, 5, 4])
    expect(ids(placeRow(data, row(6, 10)))).toEqual([1, 2, 3, 4])
    expect(ids(placeRow(pages([[row(1, 9)]]), row(6, 1)))).toEqual([1, 6])
  })

  it('shows a row once when a later page repeats it', () => {
    expect(
      ids(
        pages([
          [row(1, 9), row(2, 8)],
          [row(2, 8), row(3, 7)],
        ]),
      ),
    ).toEqual([1, 2, 3])
  })

  it('drops a session from the no-reply list when the customer answers', () => {
    const data = pages([[row(1, 9, { awaitingReplySince: 5 }), row(2, 8, { awaitingReplySince: 4 })]])
    const inbound = { message: makeMessage({ sessionId: 2, fromMe: false }), session: row(2, 20) }
    expect(ids(applyMessageNew(data, inbound, { filter: 'noReply' }).data)).toEqual([1])
    const outbound = { message: makeMessage({ sessionId: 2, fromMe: true }), session: row(2, 20) }
    const moved = applyMessageNew(data, outbound, { filter: 'noReply' }).data
    expect(ids(moved)).toEqual([2, 1])
    expect(flattenRows(moved)[0]?.unreadCount).toBe(0)
  })

  it('follows the status of the last message only', () => {
    const data = pages([[{ ...row(1, 9), lastMessageId: 7 }]])
    const upd = {
      id: 7,
      sessionId: 1,
      status: 'failed' as const,
      delivery: 'none' as const,
      failureReason: null,
    }
    expect(flattenRows(applyMessageUpdated(data, upd))[0]?.lastStatus).toBe('failed')
    expect(applyMessageUpdated(data, { ...upd, id: 6 })).toBe(data)
  })

  it('removes a session marked invalid, or migrated away from this agent; keeps a read one in unread', () => {
    const data = pages([[row(1, 9, { unreadCount: 2 }), row(2, 8)]])
    expect(
      ids(applySessionChanges(data, { sessionId: 1, changes: { invalid: true } }, { filter: 'all' }, null)),
    ).toEqual([2])
    expect(
      ids(applySessionChanges(data, { sessionId: 1, changes: { agentUserId: 5 } }, { filter: 'all' }, 4)),
    ).toEqual([2])
    expect(
      ids(applySessionChanges(data, { sessionId: 1, changes: { agentUserId: 5 } }, { filter: 'all' }, null)),
    ).toEqual([1, 2])
    const unread = pages([[row(1, 9, { unreadCount: 0 })]])
    expect(
      ids(applySessionChanges(unread, { sessionId: 1, changes: { dnd: true } }, { filter: 'unread' }, null)),
    ).toEqual([1])
  })

  it('matches the search by name, remark or phone digits, ignoring case', () => {
    const r = row(1, 9, { title: 'Alice', fanRemark: 'VIP buyer', fanPhone: '447700900001' })
    expect(matchesList(r, { filter: 'all', keyword: 'ALI' })).toBe(true)
    expect(matchesList(r, { filter: 'all', keyword: 'vip' })).toBe(true)
    expect(matchesList(r, { filter: 'all', keyword: '+44 7700' })).toBe(true)
    expect(matchesList(r, { filter: 'all', keyword: 'bob' })).toBe(false)
    expect(matchesList(r, { filter: 'all', accountId: 99 })).toBe(false)
    expect(matchesList({ ...r, invalid: true }, { filter: 'all' })).toBe(false)
    expect(matchesList({ ...r, invalid: true }, { filter: 'invalid' })).toBe(true)
  })
})
