import { flushAsync, ManualClock } from '../clock.js'
import type { AccountId, AccountStatus, GatewayEvents } from '../messaging-gateway.js'
import { SimulatorGateway } from './gateway.js'
import { MemoryLinkStore, type SimLinkStore } from './link-store.js'
import { SimNetwork } from './network.js'
import type { SimNetworkOptions } from './types.js'

export interface SimHarnessOptions extends SimNetworkOptions {
  start?: number
  links?: SimLinkStore
  /** ids of our sends from the seed too (replay tests); by default they are random */
  seededMessageIds?: boolean
}

type Recorded = { [E in keyof GatewayEvents]: GatewayEvents[E][] }

/**
 * A simulated network on a manual clock with a gateway and an event recorder: for tests of the
 * gateway and of server modules that sit on top of it.
 */
export function createSimHarness(opts: SimHarnessOptions = {}) {
  const clock = new ManualClock(opts.start ?? 1_700_000_000_000)
  const network = new SimNetwork({ ...opts, clock })
  const links = opts.links ?? new MemoryLinkStore()
  const gateway = new SimulatorGateway({ network, links, seededMessageIds: opts.seededMessageIds })
  clock.addSettler(() => gateway.idle())
  const events: Recorded = {
    status: [],
    message: [],
    'message.status': [],
    'group.updated': [],
    'group.participants': [],
    contacts: [],
    'identity.mapping': [],
    presence: [],
  }
  for (const name of Object.keys(events) as (keyof GatewayEvents)[]) {
    gateway.on(name, (payload) => {
      ;(events[name] as unknown[]).push(payload)
    })
  }

  /** Let queued events run (and timers due now fire). */
  async function settle(ms = 0): Promise<void> {
    await clock.advance(ms)
    await gateway.idle()
    await flushAsync()
  }

  /** Link an account to a phone by QR, as a user would; resolves once it is open. */
  async function linkAccount(accountId: AccountId, phone: string): Promise<void> {
    await gateway.login(accountId, { method: 'qr' })
    const s = gateway.getStatus(accountId)
    if (s?.state !== 'awaiting_qr') throw new Error(`expected a QR, got ${s?.state}`)
    network.scanQr(phone, s.qr)
    await settle()
    if (gateway.getStatus(accountId)?.state !== 'open') throw new Error('link did not open')
  }

  const statesOf = (accountId: AccountId): AccountStatus['state'][] =>
    events.status.filter((e) => e.accountId === accountId).map((e) => e.status.state)

  return { clock, network, gateway, links, events, settle, linkAccount, statesOf }
}

export type SimHarness = ReturnType<typeof createSimHarness>
