import { afterEach, describe, expect, it, vi } from 'vitest'
import { isGatewayError } from '../../errors.js'
import { SimLinkError } from '../linking.js'
import { useRemoteSim } from './fixture.js'

const SHOP = '447700900001'
const CUSTOMER = '447700900100'
const sim = useRemoteSim()
afterEach(() => sim.cleanup())

describe('linking through the shared network', () => {
  it('links by QR on one server process and keeps the link in that process’s store', async () => {
    await sim.start()
    const a = await sim.client()
    await sim.link(a, '1', SHOP)
    expect(a.statesOf('1')).toEqual(['connecting', 'awaiting_qr', 'connecting', 'open'])
    expect(await sim.links().load('1')).toMatchObject({ accountId: '1', phone: SHOP })
    expect(sim.online(SHOP)).toBe(true)
  })

  it('resumes on another process from the stored link without a QR, and the first is replaced', async () => {
    await sim.start()
    const a = await sim.client()
    const b = await sim.client()
    await sim.link(a, '1', SHOP)

    await b.gateway.resume('1')
    await b.gateway.idle('1')
    await a.gateway.idle('1')

    expect(b.statesOf('1')).toEqual(['connecting', 'open'])
    expect(b.gateway.getStatus('1')).toMatchObject({ state: 'open', me: { pn: `${SHOP}@s.whatsapp.net` } })
    expect(a.gateway.getStatus('1')).toMatchObject({ state: 'closed', reason: 'replaced', code: 440 })
    expect(sim.online(SHOP)).toBe(true)
  })

  it('closes every session of a process that goes away, so the phone sees it offline', async () => {
    const svc = await sim.start()
    const a = await sim.client()
    await sim.link(a, '1', SHOP)
    await sim.link(a, '2', '447700900002')

    await a.gateway.close()

    await vi.waitFor(() => expect(svc.service.clientCount).toBe(0))
    await vi.waitFor(() => {
      expect(sim.online(SHOP)).toBe(false)
      expect(sim.online('447700900002')).toBe(false)
    })
  })

  it('delivers what customers sent while no process held the account when another resumes it', async () => {
    const svc = await sim.start()
    const a = await sim.client()
    await sim.link(a, '1', SHOP)
    await a.gateway.close()
    await vi.waitFor(() => expect(sim.online(SHOP)).toBe(false))

    for (const text of ['hello?', 'anyone there?', 'please answer'])
      svc.network.customerSend(CUSTOMER, SHOP, { kind: 'text', text })

    const b = await sim.client()
    await b.gateway.resume('1')
    await b.gateway.idle('1')
    const texts = b.events.message.map((m) => (m.content.kind === 'text' ? m.content.text : m.content.kind))
    expect(texts).toEqual(['hello?', 'anyone there?', 'please answer'])
    expect(b.events.message.every((m) => m.accountId === '1' && m.live)).toBe(true)
    // events go to the process whose gateway emitted them only
    expect(a.events.message).toEqual([])
  })

  it('reports live accounts as closed, connection lost, while the service is unreachable', async () => {
    const svc = await sim.start()
    const a = await sim.client()
    await sim.link(a, '1', SHOP)

    await svc.close()

    await vi.waitFor(() =>
      expect(a.gateway.getStatus('1')).toMatchObject({
        state: 'closed',
        reason: 'connection_lost',
        canResume: true,
      }),
    )
    expect(a.gateway.connected).toBe(false)
  })

  it('answers resume without a stored link with the not_linked GatewayError', async () => {
    await sim.start()
    const a = await sim.client()
    const err = await a.gateway.resume('9').catch((e: unknown) => e)
    expect(isGatewayError(err) && err.code).toBe('not_linked')
  })

  it('lists the pending QRs of every process for the phone page, and refuses a wrong one as the phone would', async () => {
    await sim.start()
    const a = await sim.client()
    const b = await sim.client()
    await a.gateway.login('1', { method: 'qr' })
    await b.gateway.login('2', { method: 'qr' })

    expect((await a.gateway.pendingQrLogins()).map((q) => q.accountId)).toEqual(['1'])
    const all = await a.gateway.phones.pendingQrLogins()
    expect(all.map((q) => q.accountId).sort()).toEqual(['1', '2'])

    const err = await a.gateway.phones.scanQr(SHOP, 'SIMLINK:nope').catch((e: unknown) => e)
    expect(err).toBeInstanceOf(SimLinkError)
    expect((err as SimLinkError).code).toBe('qr_invalid')

    const qr = all.find((q) => q.accountId === '2')?.qr as string
    const link = await a.gateway.phones.scanQr(SHOP, qr)
    expect(link).toMatchObject({ accountId: '2', phone: SHOP })
    await a.gateway.phones.idle('2')
    expect(b.gateway.getStatus('2')?.state).toBe('open')
  })
})
