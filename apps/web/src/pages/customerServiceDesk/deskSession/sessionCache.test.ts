import { describe, expect, it } from 'vitest'
import { makeMessage, makeSession } from '../../../test/fixtures'
import {
  applyMessageNew,
  applyMessageUpdated,
  applySessionChanges,
  type DeskRow,
  flattenRows,
  insertRow,
  matchesList,
  placeRow,
  type SessionPages,
} from './sessionCache'
import { applyStatus } from './status/statusCache'

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

  it('keeps a status list to its status and the waiting list to the sessions waiting on us', () => {
    const r = row(1, 9)
    expect(matchesList(r, { filter: 'all', status: 'open' })).toBe(true)
    expect(matchesList(r, { filter: 'all', status: 'resolved' })).toBe(false)
    // a row without a status (an older server) counts as open
    expect(matchesList({ ...r, status: undefined }, { filter: 'all', status: 'open' })).toBe(true)
    expect(matchesList(r, { filter: 'all', waiting: true })).toBe(false)
    expect(matchesList({ ...r, waitingSince: 5 }, { filter: 'all', waiting: true })).toBe(true)
  })

  it('orders the waiting list by the longest waiting first, pinning aside', () => {
    const data = pages([[row(1, 90, { waitingSince: 10 }), row(2, 95, { waitingSince: 30, pinned: true })]])
    const waiting = { filter: 'all' as const, waiting: true }
    expect(ids(insertRow(data, row(3, 10, { waitingSince: 20 }), waiting))).toEqual([1, 3, 2])
    expect(ids(insertRow(data, row(4, 99, { waitingSince: null }), waiting))).toEqual([1, 2])
    // a customer writing again keeps the clock of their oldest unanswered message: the row stays
    const again = {
      message: makeMessage({ sessionId: 1, fromMe: false }),
      session: row(1, 200, { waitingSince: 10 }),
    }
    expect(ids(applyMessageNew(data, again, waiting).data)).toEqual([1, 2])
    // our reply stops the clock: the session leaves the waiting list
    const reply = {
      message: makeMessage({ sessionId: 1, fromMe: true }),
      session: row(1, 200, { waitingSince: null }),
    }
    expect(ids(applyMessageNew(data, reply, waiting).data)).toEqual([2])
  })

  it('follows a status change: in place, or out of a list of another status or of the waiting ones', () => {
    const data = pages([[row(1, 9, { waitingSince: 5 }), row(2, 8)]])
    const resolved = {
      sessionId: 1,
      status: 'resolved' as const,
      snoozedUntil: null,
      statusChangedAt: 100,
      statusChangedBy: 10,
      waitingSince: null,
    }
    const all = applyStatus(data, resolved, { filter: 'all' })
    expect(flattenRows(all)[0]).toMatchObject({ id: 1, status: 'resolved', waitingSince: null })
    expect(ids(applyStatus(data, resolved, { filter: 'all', status: 'open' }))).toEqual([2])
    expect(ids(applyStatus(data, resolved, { filter: 'all', waiting: true }))).toEqual([2])
    // nothing changed, or a session the list does not hold: the same data
    expect(applyStatus(all, resolved, { filter: 'all' })).toBe(all)
    expect(applyStatus(data, { ...resolved, sessionId: 9 }, { filter: 'all' })).toBe(data)
  })
})
