import { createCipheriv, randomBytes } from 'node:crypto'
import { getMediaKeys, type WAMessage, type WASocket } from 'baileys'
import { pino } from 'pino'
import { MockAgent } from 'undici'
import { beforeEach, describe, expect, it } from 'vitest'
import { FakeSocket, ME_JID } from '../../test/fake-baileys-socket.js'
import { ManualClock } from '../clock.js'
import { BaileysGateway } from './adapter.js'
import { useDatabaseAuthState } from './auth-state.js'
import { MemoryAuthStateStore } from './auth-store.js'
import { downloadMedia, encodeMediaHandle } from './media.js'
import { MemoryMessageStore } from './message-store.js'
import { AccountMessages } from './stored-messages.js'

// What the product gives Baileys to call back: group metadata for sends, and the re-upload of
// media WhatsApp no longer holds.

const GROUP = '120363025246125486@g.us'
const log = pino({ level: 'silent' })

describe('group metadata for group sends (cachedGroupMetadata)', () => {
  let sockets: FakeSocket[]
  let gw: BaileysGateway
  beforeEach(async () => {
    const store = new MemoryAuthStateStore()
    const a = await useDatabaseAuthState(store, '1')
    a.state.creds.me = { id: ME_JID }
    a.state.creds.account = { details: new Uint8Array([1]) }
    await a.saveCreds()
    sockets = []
    gw = new BaileysGateway({
      store,
      clock: new ManualClock(1_000_000),
      makeSocket: (config) => {
        const s = new FakeSocket(config)
        sockets.push(s)
        return s as unknown as WASocket
      },
    })
    await gw.resume('1')
    await sockets[0].open()
  })

  it('fetches what Baileys would fetch itself on a miss once, keeps it, and serves the next sends from it', async () => {
    const cached = sockets[0].config.cachedGroupMetadata
    if (!cached) throw new Error('no cachedGroupMetadata given to the socket')
    // two sends to the group at once, then a third
    const [a, b] = await Promise.all([cached(GROUP), cached(GROUP)])
    const c = await cached(GROUP)
    expect(a?.id).toBe(GROUP)
    expect(b).toEqual(a)
    expect(c).toEqual(a)
    expect(sockets[0].groupMetadata).toHaveBeenCalledTimes(1)
    // status posts carry their audience: nothing to fetch
    expect(await cached('status@broadcast')).toBeUndefined()
    expect(sockets[0].groupMetadata).toHaveBeenCalledTimes(1)
  })

  it('a membership change drops the kept metadata, so the next send fetches it again', async () => {
    const cached = sockets[0].config.cachedGroupMetadata
    if (!cached) throw new Error('no cachedGroupMetadata given to the socket')
    await cached(GROUP)
    await sockets[0].push({
      'group-participants.update': {
        id: GROUP,
        author: '8613900000002@s.whatsapp.net',
        participants: [{ id: '8613900000003@s.whatsapp.net' }],
        action: 'add',
      },
    })
    await cached(GROUP)
    expect(sockets[0].groupMetadata).toHaveBeenCalledTimes(2)
  })
})

describe('media WhatsApp no longer holds (404/410)', () => {
  const key = { remoteJid: '8613900000001@s.whatsapp.net', id: '3A5C9E0F1B2D3F41', fromMe: false }
  const OLD = '/o1/v/t62.7118-24/f1/m230/aged-out?ccb=9-4'
  const NEW = '/o1/v/t62.7118-24/f1/m231/uploaded-again?ccb=9-4'

  async function encrypted(mediaKey: Buffer, plain: Buffer): Promise<Buffer> {
    const { cipherKey, iv } = await getMediaKeys(mediaKey, 'image')
    const c = createCipheriv('aes-256-cbc', cipherKey, iv)
    return Buffer.concat([c.update(plain), c.final()])
  }
  async function read(stream: NodeJS.ReadableStream): Promise<Buffer> {
    const chunks: Buffer[] = []
    for await (const c of stream) chunks.push(Buffer.from(c as Buffer))
    return Buffer.concat(chunks)
  }

  it('asks the phone to upload it again, downloads it from the new path and keeps that path for the next download', async () => {
    const mediaKey = randomBytes(32)
    const photo = Buffer.from('a customer photo, as bytes')
    const agent = new MockAgent()
    agent.disableNetConnect()
    const cdn = agent.get('https://mmg.whatsapp.net')
    cdn.intercept({ path: OLD, method: 'GET' }).reply(410, 'Gone')
    cdn
      .intercept({ path: NEW, method: 'GET' })
      .reply(200, await encrypted(mediaKey, photo))
      .times(2)

    const messages = new AccountMessages('1', new MemoryMessageStore(), () => 5_000, log)
    const reuploads: WAMessage[] = []
    const handle = encodeMediaHandle(key, 'imageMessage', { mediaKey, directPath: OLD })
    const ctx = async () => ({
      fetchOptions: { dispatcher: agent } as RequestInit,
      // what sock.updateMediaMessage hands back: the same message with the path the phone gave
      reuploadRequest: async (m: WAMessage) => {
        reuploads.push(m)
        const image = m.message?.imageMessage
        if (!image) throw new Error('not an image')
        image.directPath = NEW
        image.url = `https://mmg.whatsapp.net${NEW}`
        return m
      },
      movedTo: await messages.mediaPath(key.id),
      onMoved: (id: string | null | undefined, p: { directPath?: string; url?: string }) =>
        messages.setMediaPath(id, p),
      logger: log,
    })

    expect(await read(await downloadMedia(handle, await ctx()))).toEqual(photo)
    expect(reuploads).toHaveLength(1)
    expect(await messages.mediaPath(key.id)).toEqual({
      directPath: NEW,
      url: `https://mmg.whatsapp.net${NEW}`,
    })
    // the handle still names the old path; the next download goes straight to the new one
    expect(await read(await downloadMedia(handle, await ctx()))).toEqual(photo)
    expect(reuploads).toHaveLength(1)
    agent.assertNoPendingInterceptors()
    await agent.close()
  })

  it('without a socket to ask, a 410 is reported as media unavailable', async () => {
    const agent = new MockAgent()
    agent.disableNetConnect()
    agent.get('https://mmg.whatsapp.net').intercept({ path: OLD, method: 'GET' }).reply(410, 'Gone')
    const handle = encodeMediaHandle(key, 'imageMessage', { mediaKey: randomBytes(32), directPath: OLD })
    await expect(
      downloadMedia(handle, { fetchOptions: { dispatcher: agent } as RequestInit, logger: log }),
    ).rejects.toMatchObject({ code: 'media_unavailable' })
    await agent.close()
  })
})
