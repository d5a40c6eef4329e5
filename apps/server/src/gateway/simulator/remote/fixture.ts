import type { AccountId, GatewayEvents } from '../../messaging-gateway.js'
import { MemoryLinkStore } from '../link-store.js'
import { SimNetwork } from '../network.js'
import { RemoteSimGateway } from './client.js'
import { type StartedSimService, startSimService } from './service.js'

type Recorded = { [E in keyof GatewayEvents]: GatewayEvents[E][] }
const EVENTS: (keyof GatewayEvents)[] = ['status', 'message', 'message.status']

export interface Client {
  gateway: RemoteSimGateway
  events: Recorded
  statesOf(accountId: AccountId): string[]
}

/**
 * A shared network service with clients that keep their links in one store (the product
 * database several server processes share), for tests; `cleanup` closes them all.
 */
export function useRemoteSim() {
  const opened: { svc?: StartedSimService; clients: RemoteSimGateway[]; links: MemoryLinkStore } = {
    clients: [],
    links: new MemoryLinkStore(),
  }

  /** Close every client and the service (after each test). */
  async function cleanup(): Promise<void> {
    for (const c of opened.clients.splice(0)) await c.close()
    await opened.svc?.close()
    opened.svc = undefined
  }

  async function start(): Promise<StartedSimService> {
    opened.links = new MemoryLinkStore()
    opened.svc = await startSimService({ network: new SimNetwork({ seed: 11 }) })
    return opened.svc
  }

  async function client(): Promise<Client> {
    if (!opened.svc) throw new Error('start the service first')
    const gateway = new RemoteSimGateway({ url: opened.svc.url, links: opened.links })
    opened.clients.push(gateway)
    await gateway.ready()
    const events = Object.fromEntries(EVENTS.map((e) => [e, []])) as unknown as Recorded
    for (const name of EVENTS)
      gateway.on(name, (payload) => {
        ;(events[name] as unknown[]).push(payload)
      })
    const statesOf = (accountId: AccountId) =>
      events.status.filter((e) => e.accountId === accountId).map((e) => e.status.state)
    return { gateway, events, statesOf }
  }

  /** Link an account by QR on `c`, scanned on the phone through the network; resolves once open. */
  async function link(c: Client, accountId: AccountId, phone: string): Promise<void> {
    const svc = opened.svc
    if (!svc) throw new Error('start the service first')
    await c.gateway.login(accountId, { method: 'qr' })
    const s = c.gateway.getStatus(accountId)
    if (s?.state !== 'awaiting_qr') throw new Error(`expected a QR, got ${s?.state}`)
    svc.network.scanQr(phone, s.qr)
    await c.gateway.idle(accountId)
    if (c.gateway.getStatus(accountId)?.state !== 'open') throw new Error('link did not open')
  }

  /** Whether the phone has a connected device (the phone side's view). */
  function online(phone: string): boolean {
    const view = opened.svc?.network.listPhones().find((p) => p.number === phone)
    return Boolean(view?.devices.some((d) => d.online))
  }

  /** the store every client shares */
  const links = () => opened.links

  return { start, client, link, online, links, cleanup }
}
