import { describe, expect, it } from 'vitest'
import { cameLive, LiveHints } from './live-hints.js'

describe('what a consumer heard of stored messages', () => {
  it('gives a hint once, and keeps only the newest hints past its bound', () => {
    const hints = new LiveHints<{ live: boolean; newFan: boolean }>(2)
    hints.note(1, { live: true, newFan: true })
    hints.note(2, { live: false, newFan: false })
    hints.note(3, { live: true, newFan: false })
    expect(hints.peek(1)).toBeUndefined()
    expect(hints.peek(2)).toEqual({ live: false, newFan: false })
    expect(hints.take(2)).toEqual({ live: false, newFan: false })
    expect(hints.take(2)).toBeUndefined()
    expect(hints.take(3)?.live).toBe(true)
  })

  it("takes the event's word, and without it judges by how late the message was stored", () => {
    const sent = 1_000_000
    expect(cameLive({ live: false }, { timestamp: sent, created_at: sent })).toBe(false)
    expect(cameLive({ live: true }, { timestamp: sent, created_at: sent + 3_600_000 })).toBe(true)
    expect(cameLive(undefined, { timestamp: sent, created_at: sent + 9 * 60_000 })).toBe(true)
    expect(cameLive(undefined, { timestamp: sent, created_at: sent + 11 * 60_000 })).toBe(false)
  })
})
