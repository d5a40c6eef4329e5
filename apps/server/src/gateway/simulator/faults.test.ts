import { describe, expect, it } from 'vitest'
import { toAccountState } from '../account-state.js'
import { GatewayError } from '../errors.js'
import { SimulatorGateway } from './gateway.js'
import { createSimHarness } from './harness.js'

const SHOP = '8613800000000'
const jid = (n: string) => `${n}@s.whatsapp.net`
const customer = (i: number) => `44770090${String(i).padStart(4, '0')}`

describe('bans', () => {
  it('bans an account that exceeds the per-minute send limit', async () => {
    const h = createSimHarness({ rules: { sendLimitPerMinute: 5 } })
    await h.linkAccount('1', SHOP)
    for (let i = 0; i < 5; i++) await h.gateway.send('1', jid(customer(1)), { kind: 'text', text: `m${i}` })
    const err = await h.gateway
      .send('1', jid(customer(1)), { kind: 'text', text: 'one too many' })
      .catch((e) => e)
    expect(err).toBeInstanceOf(GatewayError)
    expect(err.code).toBe('banned')
    await h.settle()
    const s = h.gateway.getStatus('1')
    expect(s).toMatchObject({ state: 'closed', reason: 'banned', canResume: false, code: 403 })
    expect(toAccountState(s)).toEqual({ state: 'banned', bannedAt: h.clock.now() })
    await h.gateway.resume('1')
    await h.settle()
    expect(h.gateway.getStatus('1')).toMatchObject({ state: 'closed', reason: 'banned' })
  })

  it('counts a rolling minute: paced sends are fine', async () => {
    const h = createSimHarness({ rules: { sendLimitPerMinute: 5 } })
    await h.linkAccount('1', SHOP)
    for (let i = 0; i < 20; i++) {
      await h.gateway.send('1', jid(customer(1)), { kind: 'text', text: `m${i}` })
      await h.settle(13_000)
    }
    expect(h.gateway.getStatus('1')?.state).toBe('open')
  })

  it('bans on command', async () => {
    const h = createSimHarness()
    await h.linkAccount('1', SHOP)
    h.network.ban(SHOP)
    await h.settle()
    expect(toAccountState(h.gateway.getStatus('1')).state).toBe('banned')
    await expect(h.gateway.send('1', jid(customer(1)), { kind: 'text', text: 'x' })).rejects.toMatchObject({
      code: 'not_connected',
    })
  })
})

describe('disconnects', () => {
  it('pushed out by another session: abnormal "pushed out"; a resume takes it back', async () => {
    const h = createSimHarness()
    await h.linkAccount('1', SHOP)
    h.network.pushOut(SHOP)
    await h.settle()
    expect(h.gateway.getStatus('1')).toMatchObject({
      state: 'closed',
      reason: 'replaced',
      canResume: true,
      code: 440,
    })
    expect(toAccountState(h.gateway.getStatus('1'))).toEqual({ state: 'abnormal', reason: 'pushed_out' })
    await h.gateway.resume('1')
    expect(h.gateway.getStatus('1')?.state).toBe('open')
  })

  it('a second process resuming the same link pushes the first out', async () => {
    const h = createSimHarness()
    await h.linkAccount('1', SHOP)
    const other = new SimulatorGateway({ network: h.network, links: h.links })
    await other.resume('1')
    await h.settle()
    expect(other.getStatus('1')?.state).toBe('open')
    expect(h.gateway.getStatus('1')).toMatchObject({ state: 'closed', reason: 'replaced' })
  })

  it('device removed on the phone: abnormal "device removed", link wiped', async () => {
    const h = createSimHarness()
    await h.linkAccount('1', SHOP)
    h.network.deviceRemoved(SHOP)
    await h.settle()
    expect(toAccountState(h.gateway.getStatus('1'))).toEqual({ state: 'abnormal', reason: 'device_removed' })
    expect(await h.links.load('1')).toBeUndefined()
    await expect(h.gateway.resume('1')).rejects.toMatchObject({ code: 'not_linked' })
  })

  it('a lost connection is retried with backoff until the network is back', async () => {
    const h = createSimHarness()
    await h.linkAccount('1', SHOP)
    h.network.disconnect(SHOP, { outageMs: 30_000 })
    await h.settle()
    const s = h.gateway.getStatus('1')
    expect(s).toMatchObject({ state: 'reconnecting', attempt: 1, reason: 'connection_lost' })
    expect(toAccountState(s)).toEqual({ state: 'abnormal', reason: 'network_fault' })
    await h.settle(120_000)
    expect(h.gateway.getStatus('1')?.state).toBe('open')
    const attempts = h.events.status.flatMap((e) => (e.status.state === 'reconnecting' ? [e.status] : []))
    expect(attempts.map((a) => a.attempt)).toEqual(attempts.map((_, i) => i + 1))
    expect(attempts.length).toBeGreaterThan(1)
    const retryAts = attempts.map((a) => a.retryAt)
    expect([...retryAts].sort((x, y) => x - y)).toEqual(retryAts)
  })

  it('500s are retried three times, then the account shows a key error', async () => {
    const h = createSimHarness()
    await h.linkAccount('1', SHOP)
    h.network.failSessions(SHOP, 10)
    h.network.disconnect(SHOP)
    await h.settle(3_600_000)
    expect(h.gateway.getStatus('1')).toMatchObject({
      state: 'closed',
      reason: 'bad_session',
      canResume: true,
    })
    expect(toAccountState(h.gateway.getStatus('1'))).toEqual({ state: 'abnormal', reason: 'key_error' })
    expect(h.statesOf('1').filter((s) => s === 'reconnecting')).toHaveLength(4)
  })
})

describe('WhatsApp requires an update (405)', () => {
  it('retries once at once, then waits (no reconnect loop) until an update is published', async () => {
    const h = createSimHarness()
    await h.linkAccount('1', SHOP)
    h.network.requireUpdate(SHOP)
    await h.settle()
    const refused = h.events.status.filter(
      (e) => 'reason' in e.status && e.status.reason === 'client_outdated',
    )
    // the retry at once, and the wait after it: one status for each refusal
    expect(refused.map((e) => e.status.state)).toEqual(['connecting', 'reconnecting'])
    const s = h.gateway.getStatus('1')
    expect(s).toMatchObject({ state: 'reconnecting', reason: 'client_outdated', code: 405 })
    expect(toAccountState(s)).toEqual({ state: 'abnormal', reason: 'update_required' })
    const before = h.events.status.length
    await h.settle(3 * 3_600_000)
    expect(h.events.status.length).toBe(before)
    expect(h.network.listPhones().find((p) => p.number === SHOP)?.updateRequired).toBe(true)

    h.network.publishUpdate(SHOP)
    await h.settle()
    expect(h.gateway.getStatus('1')?.state).toBe('open')
    // a later refusal is again retried once at once
    h.network.requireUpdate(SHOP)
    await h.settle()
    expect(h.gateway.getStatus('1')).toMatchObject({ state: 'reconnecting', reason: 'client_outdated' })
  })

  it('messages customers write meanwhile arrive, live, once the account is back', async () => {
    const h = createSimHarness()
    await h.linkAccount('1', SHOP)
    h.network.requireUpdate(SHOP)
    await h.settle()
    const sent = h.network.customerSend(customer(7), SHOP, { kind: 'text', text: 'are you there?' })
    await h.settle(60_000)
    expect(h.events.message).toHaveLength(0)
    h.network.publishUpdate(SHOP)
    await h.settle()
    expect(h.events.message.map((m) => [m.ref.id, m.live])).toEqual([[sent.id, true]])
  })
})

describe('reach-out time-lock', () => {
  it('starts by rule after too many new chats: new chats refused, existing chats work, then it lifts', async () => {
    const h = createSimHarness({ rules: { newChatsPerHour: 2, timeLockMs: 600_000 } })
    await h.linkAccount('1', SHOP)
    await h.gateway.send('1', jid(customer(1)), { kind: 'text', text: 'a' })
    await h.gateway.send('1', jid(customer(2)), { kind: 'text', text: 'b' })
    const err = await h.gateway.send('1', jid(customer(3)), { kind: 'text', text: 'c' }).catch((e) => e)
    expect(err).toMatchObject({ code: 'restricted' })
    await h.settle()
    const s = h.gateway.getStatus('1')
    expect(s).toMatchObject({ state: 'open', restriction: { until: h.clock.now() + 600_000 } })
    expect(toAccountState(s)).toEqual({ state: 'online', restrictedUntil: h.clock.now() + 600_000 })
    await h.gateway.send('1', jid(customer(1)), { kind: 'text', text: 'existing chat' })
    await expect(h.gateway.send('1', jid(customer(4)), { kind: 'text', text: 'd' })).rejects.toMatchObject({
      code: 'restricted',
    })
    await h.settle(600_000)
    expect(h.gateway.getStatus('1')).not.toHaveProperty('restriction')
    await h.gateway.send('1', jid(customer(4)), { kind: 'text', text: 'allowed again' })
  })

  it('starts on command and is known after a resume', async () => {
    const h = createSimHarness()
    await h.linkAccount('1', SHOP)
    h.network.restrict(SHOP, 60_000)
    await h.settle()
    expect(h.gateway.getStatus('1')).toMatchObject({ restriction: { until: h.clock.now() + 60_000 } })
    await h.gateway.disconnect('1')
    await h.gateway.resume('1')
    expect(h.gateway.getStatus('1')).toMatchObject({
      state: 'open',
      restriction: { until: h.clock.now() + 60_000 },
    })
    h.network.liftRestriction(SHOP)
    await h.settle()
    expect(h.gateway.getStatus('1')).not.toHaveProperty('restriction')
  })
})

describe('determinism and the auto-chatter', () => {
  async function script(seed: number) {
    const h = createSimHarness({ seed, seededMessageIds: true })
    await h.linkAccount('1', SHOP)
    h.network.chatter.start({ ratePerMinute: 30, replyProbability: 0.5, replyDelayMs: [1_000, 5_000] })
    for (let i = 0; i < 3; i++)
      await h.gateway.send('1', jid(customer(i)), { kind: 'text', text: `offer ${i}` })
    await h.settle(10 * 60_000)
    h.network.chatter.stop()
    return {
      messages: h.events.message.map((m) => [m.ref.id, m.sender.id, m.timestamp, m.content.kind]),
      receipts: h.events['message.status'].map((u) => [u.ref.id, u.status, u.at]),
    }
  }

  it('replays identically under the same seed and differs under another', async () => {
    const a = await script(42)
    const b = await script(42)
    const c = await script(43)
    expect(a.messages.length).toBeGreaterThan(100)
    expect(b).toEqual(a)
    expect(c.messages).not.toEqual(a.messages)
  })

  it('writes in at roughly the configured rate, with replies to our messages', async () => {
    const r = await script(7)
    expect(r.messages.length).toBeGreaterThan(200)
    expect(r.messages.length).toBeLessThan(420)
    const kinds = new Set(r.messages.map((m) => m[3]))
    expect(kinds.has('text')).toBe(true)
    expect(kinds.size).toBeGreaterThan(1)
  })

  it('floods on demand for benchmarks, only to linked accounts', async () => {
    const h = createSimHarness({ seed: 5 })
    expect(h.network.chatter.burst(10)).toHaveLength(0)
    await h.linkAccount('1', SHOP)
    await h.linkAccount('2', '8613800000002')
    const sent = h.network.chatter.burst(1_000)
    await h.settle()
    expect(sent).toHaveLength(1_000)
    expect(h.events.message).toHaveLength(1_000)
    expect(new Set(h.events.message.map((m) => m.accountId))).toEqual(new Set(['1', '2']))
  })
})
