import { describe, expect, it } from 'vitest'
import { backoffDelay, RECONNECT_BACKOFF } from './backoff.js'
import { ManualClock } from './clock.js'
import { GatewayEmitter } from './emitter.js'
import { GatewayError } from './errors.js'
import { inviteLink, jidToPhone, normalizeJid, parseInviteCode, phoneToJid } from './jid.js'
import type { GatewayEvents, NumberCheck } from './messaging-gateway.js'
import { NumberChecker } from './number-check.js'

class TestEmitter extends GatewayEmitter {
  fire<E extends keyof GatewayEvents>(e: E, p: GatewayEvents[E]) {
    return this.emit(e, p)
  }
}

describe('GatewayEmitter', () => {
  it('awaits handlers in order, isolates a failing one and unsubscribes', async () => {
    const errors: unknown[] = []
    const em = new TestEmitter((err) => errors.push(err))
    const seen: string[] = []
    const off = em.on('status', async ({ accountId }) => {
      await new Promise((r) => setTimeout(r, 5))
      seen.push(`a${accountId}`)
    })
    em.on('status', () => {
      throw new Error('boom')
    })
    em.on('status', ({ accountId }) => {
      seen.push(`c${accountId}`)
    })
    await em.fire('status', { accountId: '1', status: { state: 'connecting' } })
    expect(seen).toEqual(['a1', 'c1'])
    expect(errors).toHaveLength(1)
    off()
    await em.fire('status', { accountId: '2', status: { state: 'connecting' } })
    expect(seen).toEqual(['a1', 'c1', 'c2'])
    expect(em.listenerCount('status')).toBe(2)
  })
})

describe('backoffDelay', () => {
  it('grows from 2 s to a 5 min ceiling with full jitter above the floor', () => {
    expect(backoffDelay(1, RECONNECT_BACKOFF, () => 0.99)).toBe(2_000)
    expect(backoffDelay(2, RECONNECT_BACKOFF, () => 1)).toBe(4_000)
    expect(backoffDelay(3, RECONNECT_BACKOFF, () => 0)).toBe(2_000)
    expect(backoffDelay(30, RECONNECT_BACKOFF, () => 1)).toBe(300_000)
    expect(backoffDelay(1000, RECONNECT_BACKOFF, () => 0.5)).toBe(151_000)
    for (let a = 1; a < 20; a++) {
      const d = backoffDelay(a)
      expect(d).toBeGreaterThanOrEqual(2_000)
      expect(d).toBeLessThanOrEqual(300_000)
    }
  })
})

describe('jid helpers', () => {
  it('converts phones and jids', () => {
    expect(phoneToJid('+86 138-0013-8000')).toBe('8613800138000@s.whatsapp.net')
    expect(jidToPhone('8613800138000:12@s.whatsapp.net')).toBe('8613800138000')
    expect(jidToPhone('123@lid')).toBeUndefined()
    expect(normalizeJid('123:4@s.whatsapp.net')).toBe('123@s.whatsapp.net')
    expect(normalizeJid('123@c.us')).toBe('123@s.whatsapp.net')
    expect(normalizeJid('99:1@lid')).toBe('99@lid')
  })
  it('reads invite codes from links', () => {
    expect(parseInviteCode('https://chat.whatsapp.com/AbCdEfGhIj12345')).toBe('AbCdEfGhIj12345')
    expect(parseInviteCode('chat.whatsapp.com/invite/AbCdEfGhIj12345?x=1')).toBe('AbCdEfGhIj12345')
    expect(parseInviteCode('AbCdEfGhIj12345')).toBe('AbCdEfGhIj12345')
    expect(parseInviteCode('https://example.com/AbCdEfGhIj12345')).toBeUndefined()
    expect(inviteLink('X')).toBe('https://chat.whatsapp.com/X')
  })
})

describe('NumberChecker', () => {
  const setup = (batchSize = 2) => {
    const clock = new ManualClock(0)
    const calls: { at: number; phones: string[] }[] = []
    const lookup = async (_id: string, phones: string[]): Promise<NumberCheck[]> => {
      calls.push({ at: clock.now(), phones })
      return phones
        .filter((p) => !p.endsWith('0'))
        .map((p) => ({ phone: p, exists: true, jid: `${p}@s.whatsapp.net` }))
    }
    return { clock, calls, checker: new NumberChecker(lookup, { clock, batchSize }) }
  }

  it('rejects malformed phones', async () => {
    const { checker } = setup()
    await expect(checker.check('1', ['12'])).rejects.toBeInstanceOf(GatewayError)
  })

  it('serialises lookups ≥ 1 s apart per account and batches', async () => {
    const { clock, calls, checker } = setup(2)
    const p = checker.check('1', ['1000001', '1000002', '1000003', '1000000'])
    await clock.advance(5_000)
    const res = await p
    expect(calls.map((c) => c.at)).toEqual([0, 1_000])
    expect(calls.map((c) => c.phones)).toEqual([
      ['1000001', '1000002'],
      ['1000003', '1000000'],
    ])
    expect(res.map((r) => r.exists)).toEqual([true, true, true, false])
  })

  it('answers from the cache for 24 h, then asks again', async () => {
    const { clock, calls, checker } = setup(10)
    await checker.check('1', ['+1 000 0001'])
    await checker.check('2', ['10000001'])
    expect(calls).toHaveLength(1)
    await clock.advance(24 * 3_600_000 + 1)
    const p = checker.check('1', ['10000001'])
    await clock.advance(1)
    await p
    expect(calls).toHaveLength(2)
  })
})
