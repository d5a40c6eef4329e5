import { describe, expect, it } from 'vitest'
import type { ProductAccountState } from './account-state.js'
import type { AccountLease } from './runtime.js'
import { AccountRuntime, MemoryLease, shouldResumeOnStart } from './runtime.js'
import { SimulatorGateway } from './simulator/gateway.js'
import { createSimHarness } from './simulator/harness.js'

const A = '8613800000001'
const B = '8613800000002'

async function linked() {
  const h = createSimHarness({ seed: 9 })
  await h.linkAccount('1', A)
  await h.linkAccount('2', B)
  await h.gateway.disconnect('1')
  await h.gateway.disconnect('2')
  return h
}

describe('AccountRuntime', () => {
  it('starts an account and forwards statuses with the product state', async () => {
    const h = await linked()
    const seen: [string, string, ProductAccountState][] = []
    const rt = new AccountRuntime({
      gateway: h.gateway,
      onStatus: (id, s, p) => void seen.push([id, s.state, p]),
    })
    expect(await rt.start('1')).toBe('started')
    await h.settle()
    expect(seen).toEqual([
      ['1', 'connecting', { state: 'logging_in' }],
      ['1', 'open', { state: 'online' }],
    ])
    expect(rt.heldAccounts()).toEqual(['1'])
  })

  it('holds at most one live connection per account', async () => {
    const h = await linked()
    const rt = new AccountRuntime({ gateway: h.gateway })
    const results = await Promise.all([rt.start('1'), rt.start('1'), rt.start('1')])
    expect(results.sort()).toEqual(['already_running', 'already_running', 'started'])
    await h.settle()
    expect(
      h.network
        .listPhones()
        .find((p) => p.number === A)
        ?.devices.filter((d) => d.online),
    ).toHaveLength(1)
  })

  it('does not connect an account another holder has (shared lease)', async () => {
    const h = await linked()
    const lease = new MemoryLease()
    const first = new AccountRuntime({ gateway: h.gateway, lease })
    const other = new AccountRuntime({
      gateway: new SimulatorGateway({ network: h.network, links: h.links }),
      lease,
    })
    expect(await first.start('1')).toBe('started')
    expect(await other.start('1')).toBe('held_elsewhere')
    await h.settle()
    expect(h.gateway.getStatus('1')?.state).toBe('open')
  })

  it('resumes a list of linked accounts and reports the ones that cannot be', async () => {
    const h = await linked()
    const rt = new AccountRuntime({ gateway: h.gateway, resumeConcurrency: 2 })
    const r = await rt.resumeAll([{ accountId: '1' }, { accountId: '2' }, { accountId: '3' }])
    expect(r.started.sort()).toEqual(['1', '2'])
    expect(r.failed.map((f) => [f.accountId, (f.error as { code: string }).code])).toEqual([
      ['3', 'not_linked'],
    ])
    expect(rt.heldAccounts()).toEqual(['1', '2'])
  })

  it('shuts down without logging out; a restarted server resumes without a QR', async () => {
    const h = await linked()
    const seen: string[] = []
    const rt = new AccountRuntime({
      gateway: h.gateway,
      onStatus: (id, s) => void seen.push(`${id}:${s.state}`),
    })
    await rt.resumeAll([{ accountId: '1' }, { accountId: '2' }])
    await h.settle()
    seen.length = 0
    await rt.shutdown()
    expect(seen).toEqual([])
    expect(rt.heldAccounts()).toEqual([])
    expect(
      h.network
        .listPhones()
        .flatMap((p) => p.devices)
        .every((d) => !d.online),
    ).toBe(true)
    expect((await h.links.list()).map((l) => l.accountId).sort()).toEqual(['1', '2'])

    const restarted = new AccountRuntime({
      gateway: new SimulatorGateway({ network: h.network, links: h.links }),
    })
    const r = await restarted.resumeAll([{ accountId: '1' }, { accountId: '2' }])
    expect(r.started.sort()).toEqual(['1', '2'])
  })

  it('gives the lease back when the socket closes for good (ban)', async () => {
    const h = await linked()
    const lease = new MemoryLease()
    const rt = new AccountRuntime({ gateway: h.gateway, lease })
    await rt.start('1')
    h.network.ban(A)
    await h.settle()
    expect(lease.isHeld('1')).toBe(false)
    expect(rt.heldAccounts()).toEqual([])
  })

  it('login takes the lease and stop releases it', async () => {
    const h = createSimHarness()
    const lease = new MemoryLease()
    const rt = new AccountRuntime({ gateway: h.gateway, lease })
    await rt.login('5', { method: 'qr' })
    expect(lease.isHeld('5')).toBe(true)
    const s = h.gateway.getStatus('5') as { qr: string }
    h.network.scanQr(A, s.qr)
    await h.settle()
    expect(lease.isHeld('5')).toBe(true)
    await rt.stop('5')
    expect(lease.isHeld('5')).toBe(false)
    expect(h.gateway.getStatus('5')).toMatchObject({ state: 'closed', reason: 'intentional' })
  })

  it('closes the socket when a renewing lease reports the account lost', async () => {
    const h = await linked()
    let lose: string[] = []
    const lease: AccountLease = {
      acquire: async () => true,
      release: async () => undefined,
      renew: async () => lose,
    }
    const rt = new AccountRuntime({ gateway: h.gateway, lease, renewIntervalMs: 10_000, clock: h.clock })
    await rt.start('1')
    await h.settle(10_000)
    expect(h.gateway.getStatus('1')?.state).toBe('open')
    lose = ['1']
    await h.settle(10_000)
    expect(h.gateway.getStatus('1')?.state).toBe('closed')
    expect(rt.heldAccounts()).toEqual([])
    await rt.shutdown()
  })

  it('knows which stored states to resume on start', () => {
    expect(shouldResumeOnStart({ state: 'online' })).toBe(true)
    expect(shouldResumeOnStart({ state: 'abnormal', reason: 'network_fault' })).toBe(true)
    expect(shouldResumeOnStart({ state: 'abnormal', reason: 'key_error' })).toBe(true)
    // waiting for an accepted WhatsApp version: a new start (maybe with a newer one) tries again
    expect(shouldResumeOnStart({ state: 'abnormal', reason: 'update_required' })).toBe(true)
    expect(shouldResumeOnStart({ state: 'abnormal', reason: 'pushed_out' })).toBe(false)
    expect(shouldResumeOnStart({ state: 'banned', bannedAt: 1 })).toBe(false)
    expect(shouldResumeOnStart({ state: 'offline' })).toBe(false)
  })
})
