import { Readable } from 'node:stream'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Db } from '../../../db/index.js'
import { SimService } from '../../../modules/sim/sim.service.js'
import { isGatewayError } from '../../errors.js'
import { samplePng } from '../media.js'
import { useRemoteSim } from './fixture.js'
import { startSimService } from './service.js'

const SHOP = '447700900001'
const CUSTOMER = '447700900100'
const sim = useRemoteSim()
afterEach(() => sim.cleanup())

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const c of stream) chunks.push(Buffer.from(c))
  return Buffer.concat(chunks)
}

async function linked() {
  const svc = await sim.start()
  const a = await sim.client()
  await sim.link(a, '1', SHOP)
  return { svc, a }
}

describe('messaging through the shared network', () => {
  it('sends media bytes to the network, from a buffer or a stream', async () => {
    const { svc, a } = await linked()
    const png = samplePng([10, 200, 30], 64)
    await a.gateway.send('1', `${CUSTOMER}@s.whatsapp.net`, {
      kind: 'image',
      media: { buffer: png },
      caption: 'from a buffer',
    })
    await a.gateway.send('1', CUSTOMER, {
      kind: 'document',
      media: { stream: Readable.from([png]) },
      fileName: 'x.png',
      mimetype: 'image/png',
    })

    const sent = svc.network.messagesBetween(SHOP, CUSTOMER).filter((m) => m.from === SHOP)
    expect(sent).toHaveLength(2)
    for (const m of sent) {
      if (m.body.kind !== 'media') throw new Error('expected media')
      expect(svc.network.media(m.body.handle)?.data.equals(png)).toBe(true)
    }
  })

  it('downloads the bytes of a customer’s media as a stream', async () => {
    const { svc, a } = await linked()
    const png = samplePng([1, 2, 3], 48)
    svc.network.customerSend(CUSTOMER, SHOP, { kind: 'image', data: png, mimetype: 'image/png' })
    await a.gateway.idle('1')
    const [m] = a.events.message
    if (m?.content.kind !== 'media') throw new Error('expected a media message')
    const bytes = await readAll(await a.gateway.downloadMedia('1', m.content.handle))
    expect(bytes.equals(png)).toBe(true)

    const err = await a.gateway.downloadMedia('1', 'sim:999999').catch((e: unknown) => e)
    expect(isGatewayError(err) && err.code).toBe('not_found')
  })

  it('re-throws the network’s refusals as the same GatewayError code', async () => {
    const { svc, a } = await linked()
    svc.network.addPhone('447700900555', { registered: false })
    const notOnWa = await a.gateway
      .send('1', '447700900555', { kind: 'text', text: 'hi' })
      .catch((e: unknown) => e)
    expect(isGatewayError(notOnWa) && notOnWa.code).toBe('not_on_whatsapp')
    expect((notOnWa as Error).message).toMatch(/not on WhatsApp/)

    const offline = await a.gateway.send('7', CUSTOMER, { kind: 'text', text: 'hi' }).catch((e: unknown) => e)
    expect(isGatewayError(offline) && offline.code).toBe('not_connected')
  })

  it('delivers a repeated send with the same message id once', async () => {
    const { svc, a } = await linked()
    const messageId = a.gateway.newMessageId('1')
    const first = await a.gateway.send(
      '1',
      CUSTOMER,
      { kind: 'text', text: 'your order shipped' },
      { messageId },
    )
    // a process killed after sending, before recording it, retries with the same id
    const b = await sim.client()
    await b.gateway.resume('1')
    await b.gateway.idle('1')
    const again = await b.gateway.send(
      '1',
      CUSTOMER,
      { kind: 'text', text: 'your order shipped' },
      { messageId },
    )

    expect(again.ref.id).toBe(messageId)
    expect(again.ref).toEqual(first.ref)
    const copies = svc.network.messagesBetween(SHOP, CUSTOMER).filter((m) => m.id === messageId)
    expect(copies).toHaveLength(1)
  })

  it('forwards inbound messages and receipts to the holding process in order', async () => {
    const { svc, a } = await linked()
    for (let i = 1; i <= 20; i++) svc.network.customerSend(CUSTOMER, SHOP, { kind: 'text', text: `m${i}` })
    await a.gateway.idle('1')
    const texts = a.events.message.map((m) => (m.content.kind === 'text' ? m.content.text : ''))
    expect(texts).toEqual(Array.from({ length: 20 }, (_, i) => `m${i + 1}`))

    const sent = await a.gateway.send('1', CUSTOMER, { kind: 'text', text: 'thanks' })
    await vi.waitFor(() =>
      expect(
        a.events['message.status'].some((s) => s.ref.id === sent.ref.id && s.status === 'server_ack'),
      ).toBe(true),
    )
  })

  it('edits our own text on the shared network, shown edited on the /sim page', async () => {
    const { svc, a } = await linked()
    const sent = await a.gateway.send('1', CUSTOMER, { kind: 'text', text: 'first try' })
    await a.gateway.edit('1', sent.ref, 'second try')
    const [m] = svc.network.messagesBetween(SHOP, CUSTOMER).filter((x) => x.from === SHOP)
    expect(m).toMatchObject({ id: sent.ref.id, editedText: 'second try', text: 'second try' })
    const page = new SimService({} as Db, { phones: a.gateway.phones })
    const chat = await page.messages(CUSTOMER, SHOP, 50)
    expect(chat.list.find((x) => x.id === sent.ref.id)).toMatchObject({ edited: true, text: 'second try' })
    const missing = await a.gateway
      .edit('1', { ...sent.ref, id: 'no-such-message' }, 'x')
      .catch((e: unknown) => e)
    expect(isGatewayError(missing) && missing.code).toBe('not_found')
  })

  it('serves the /sim page from the shared network', async () => {
    const { svc, a } = await linked()
    const page = new SimService({} as Db, { phones: a.gateway.phones })
    const shown = await page.send(CUSTOMER, SHOP, { kind: 'text', text: 'hello from the page' })
    // the page waits until the product has handled it
    expect(a.events.message.map((m) => m.content)).toEqual([{ kind: 'text', text: 'hello from the page' }])
    expect(shown).toMatchObject({ from: CUSTOMER, text: 'hello from the page' })
    const chats = await page.chats(CUSTOMER)
    expect(chats.map((c) => c.peer)).toEqual([SHOP])
    const phones = await page.phones()
    expect(phones.find((p) => p.number === SHOP)).toMatchObject({ isAccount: true, online: true })
    const g = svc.network.createGroup(CUSTOMER, 'Club', [SHOP])
    expect((await page.group(CUSTOMER, g.id)).participants.map((p) => p.phone).sort()).toEqual(
      [SHOP, CUSTOMER].sort(),
    )
    await expect(page.fault(SHOP, 'pushOut')).resolves.toMatchObject({ online: false })
    expect(a.gateway.getStatus('1')).toMatchObject({ state: 'closed', reason: 'replaced' })
  })

  it('reconnects when the service comes back, and the account resumes from the stored link', async () => {
    const { svc, a } = await linked()
    const port = Number(new URL(svc.url).port)
    await svc.close()
    await vi.waitFor(() => expect(a.gateway.getStatus('1')?.state).toBe('closed'))

    const again = await startSimService({ network: svc.network, port })
    try {
      await a.gateway.ready(10_000)
      await a.gateway.resume('1')
      await a.gateway.idle('1')
      expect(a.gateway.getStatus('1')?.state).toBe('open')
    } finally {
      await a.gateway.close()
      await again.close()
    }
  })
})
