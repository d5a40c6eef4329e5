import { describe, expect, it } from 'vitest'
import { decodeState, encodeState } from './state-codec.js'

const roundTrip = (v: unknown) => decodeState(JSON.parse(JSON.stringify(encodeState(v))))

class Device {
  onEvent() {}
}

describe('state as JSON', () => {
  it('keeps Maps, Sets, bytes and numbers JSON cannot hold', () => {
    const v = {
      phones: new Map([['1', { chats: new Set(['a|b']), picture: Buffer.from([0, 1, 255]) }]]),
      n: [Number.NaN, Number.POSITIVE_INFINITY, -0.5],
      big: 12345678901234567890n,
    }
    expect(roundTrip(v)).toEqual(v)
  })

  it('writes an object reached twice once, and reads it back as one object', () => {
    const message = { id: 'm1', receipts: new Map([['2', 'sent']]) }
    const list = [message]
    const back = roundTrip({ chats: new Map([['a|b', list]]), messages: new Map([['m1', message]]) }) as {
      chats: Map<string, (typeof message)[]>
      messages: Map<string, typeof message>
    }
    expect(back.messages.get('m1')).toBe(back.chats.get('a|b')?.[0])
    const cyclic: { self?: unknown } = {}
    cyclic.self = cyclic
    const c = roundTrip(cyclic) as { self: unknown }
    expect(c.self).toBe(c)
  })

  it('leaves out machinery: functions and class instances', () => {
    const slot = { deviceId: 1, device: new Device(), lift: () => undefined, backlog: [] }
    expect(roundTrip({ slot })).toEqual({ slot: { deviceId: 1, backlog: [] } })
  })

  it('keeps keys that look like its own tags, and never sets a prototype', () => {
    const v = { $ref: 1, $map: 'x', plain: 2 }
    expect(roundTrip(v)).toEqual(v)
    const back = decodeState(JSON.parse('{"__proto__":{"polluted":true}}')) as Record<string, unknown>
    expect(Object.getPrototypeOf(back)).toBe(Object.prototype)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it('refuses what it did not write', () => {
    expect(() => decodeState({ $ref: 3 })).toThrow(/unknown reference/)
    expect(() => decodeState({ $what: 1 })).toThrow(/unknown tag/)
    expect(() => decodeState({ $map: [[1]] })).toThrow(/pair/)
  })
})
