import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { type ChatMessageView, ErrorCode, Role } from '@app/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type Signed, type TestContext } from '../../test/harness.js'
import { customerSession, drainOutbox } from '../../test/messaging.js'
import { exeFile, jpegFile, mp4File, pngFile } from '../materials/materials.fixtures.js'
import { audioSeconds } from './audio-duration.js'
import { damagedOgg, deskClient, mp3Voice, oggVoice } from './desk.fixtures.js'

let ctx: TestContext
let agent: Signed
let lead: Signed
let rivalBoss: Signed
let api: ReturnType<typeof deskClient>
let session: number
const SHOP = '8613800000001'
const CUSTOMER = '447700900001'

beforeAll(async () => {
  ctx = await createTestContext(
    { SEND_RATE_PER_MINUTE: '6000', SEND_BURST: '1000' },
    { simRoutes: false, sim: { rules: { sendLimitPerMinute: 100_000 } } },
  )
  const tenant = await ctx.tenant('acme')
  agent = await ctx.as(tenant, Role.customerUser, 'agent')
  lead = await ctx.as(tenant, Role.customerUserLeader, 'lead')
  rivalBoss = await ctx.as(await ctx.tenant('rival'), Role.customerMaster, 'rival-boss')
  api = deskClient(ctx)
  const shop = await ctx.linkAccount(tenant, SHOP)
  await ctx.db
    .updateTable('ws_accounts')
    .set({ agent_user_id: agent.userId })
    .where('id', '=', shop)
    .execute()
  session = await customerSession(ctx, CUSTOMER, SHOP)
})
afterAll(() => ctx.close())

const upload = (fields: Record<string, string | number>, name: string, data: Buffer, who = agent) =>
  api.upload(who, { sessionId: session, ...fields }, { name, data })
const outboxRows = async () => (await ctx.db.selectFrom('outbox').select('id').execute()).length

describe('upload then send: accepted files reach the customer', () => {
  it('an image (jpg/png, any size), an MP4 made from a GIF, a video, ogg and mp3 voices, a file', async () => {
    const cases: [Record<string, string | number>, string, Buffer, string][] = [
      [{ chatType: 8, fileType: 8, caption: 'our catalogue' }, 'a.png', pngFile(300, 300), 'image'],
      [{ chatType: 8 }, 'tiny.jpg', jpegFile(16, 16), 'image'],
      [{ chatType: 8, fileType: 7 }, 'funny.mp4', mp4File(), 'video'],
      [{ chatType: 9, caption: 'demo' }, 'demo.mp4', mp4File(), 'video'],
      [{ chatType: 10, seconds: 4 }, 'voice.ogg', oggVoice(4), 'audio'],
      [{ chatType: 10 }, 'voice.mp3', mp3Voice(3), 'audio'],
      [{ chatType: 11 }, 'price list.pdf', Buffer.from('%PDF-1.4 price list'), 'document'],
    ]
    const sent: ChatMessageView[] = []
    for (const [fields, name, data, type] of cases) {
      const r = await upload(fields, name, data)
      expect(r.code, `${name}: ${r.msg}`).toBe(0)
      const m = r.data as ChatMessageView
      expect(m).toMatchObject({
        type,
        status: 'requested',
        mediaUrl: `/damai/customer/user/chatMedia/${m.id}`,
      })
      sent.push(m)
    }
    expect(sent[2].meta).toMatchObject({ gif: true })
    expect(sent[4].meta).toMatchObject({ voiceNote: true })
    expect(sent[6].meta).toMatchObject({ fileName: 'price list.pdf' })
    await drainOutbox(ctx)
    const got = ctx.sim.network.messagesBetween(SHOP, CUSTOMER).filter((m) => m.from === SHOP)
    expect(got.map((m) => (m.body.kind === 'media' ? [m.body.media, m.body.mimetype] : m.body.kind))).toEqual(
      [
        ['image', 'image/png'],
        ['image', 'image/jpeg'],
        ['video', 'video/mp4'],
        ['video', 'video/mp4'],
        ['audio', 'audio/ogg'],
        ['audio', 'audio/mpeg'],
        ['document', 'application/pdf'],
      ],
    )
    const gif = got[2].body
    expect(gif.kind === 'media' && gif.gif).toBe(true)
    const file = await api.get(agent, sent[6].mediaUrl ?? '')
    expect(file.res.headers['content-type']).toBe('application/pdf')
    expect(file.res.headers['content-disposition']).toBe(`attachment; filename*=UTF-8''price%20list.pdf`)
  })
})

describe('upload then send: refused files change nothing', () => {
  it.each([
    [
      'bytes that are not an image',
      { chatType: 8 },
      'fake.png',
      Buffer.from('not really a picture at all'),
      ErrorCode.uploadTypeMismatch,
    ],
    [
      'a PNG whose header is cut',
      { chatType: 8 },
      'cut.png',
      pngFile(300, 300).subarray(0, 20),
      ErrorCode.imageUnreadable,
    ],
    [
      'a PNG sent as a GIF',
      { chatType: 8, fileType: 7 },
      'a.gif',
      pngFile(300, 300),
      ErrorCode.uploadTypeMismatch,
    ],
    ['a PNG sent as a video', { chatType: 9 }, 'a.mp4', pngFile(300, 300), ErrorCode.uploadTypeMismatch],
    ['a video sent as a voice', { chatType: 10 }, 'a.ogg', mp4File(), ErrorCode.uploadTypeMismatch],
    ['a damaged ogg', { chatType: 10 }, 'cut.ogg', damagedOgg(), ErrorCode.audioDamaged],
    [
      'an mp3 without frames',
      { chatType: 10 },
      'bad.mp3',
      Buffer.concat([Buffer.from('ID3'), Buffer.alloc(64, 1)]),
      ErrorCode.audioDamaged,
    ],
    ['a voice of 31 minutes', { chatType: 10 }, 'long.ogg', oggVoice(31 * 60), ErrorCode.voiceTooLong],
    ['a program as a file', { chatType: 11 }, 'setup.exe', exeFile(), ErrorCode.uploadExecutable],
  ])('%s', async (_what, fields, name, data, code) => {
    const before = await outboxRows()
    const r = await upload(fields, name, data)
    expect(r.code).toBe(code)
    expect(r.msg).not.toBe('')
    expect(await outboxRows()).toBe(before)
  })

  it('a file over 10 MB, a missing file, a bad chat type, another tenant, the team lead', async () => {
    const big = Buffer.concat([pngFile(300, 300), Buffer.alloc(10 * 1024 * 1024)])
    const r = await upload({ chatType: 8 }, 'big.png', big)
    expect(r).toMatchObject({ code: ErrorCode.uploadTooLarge, msg: '文件大小不能超过10M' })
    const none = await api.upload(agent, { sessionId: session, chatType: 8 })
    expect(none.code).toBe(ErrorCode.uploadMissing)
    expect((await upload({ chatType: 12 }, 'a.png', pngFile(300, 300))).code).toBe(400)
    expect((await upload({ chatType: 8 }, 'a.png', pngFile(300, 300), rivalBoss)).code).toBe(404)
    expect((await upload({ chatType: 8 }, 'a.png', pngFile(300, 300), lead)).code).toBe(403)
    expect((await api.upload(null, { sessionId: session, chatType: 8 })).code).toBe(401)
    expect(await outboxRows()).toBe(7)
  })
})

describe('audio duration', () => {
  it('reads ogg opus and mp3 durations from their headers', () => {
    expect(audioSeconds(oggVoice(12), 'audio/ogg')).toBe(12)
    expect(audioSeconds(mp3Voice(10), 'audio/mpeg')).toBeCloseTo(10, 0)
    expect(audioSeconds(damagedOgg(), 'audio/ogg')).toBeNull()
  })
})

describe('upload then send: what the browser cannot convert, the server does', () => {
  /** A sample made by ffmpeg from one of its test sources. */
  const made = (args: string[], ext: string): Buffer => {
    const file = path.join(os.tmpdir(), `desk-upload-${process.pid}-${Date.now()}.${ext}`)
    execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args, file])
    const data = fs.readFileSync(file)
    fs.rmSync(file)
    return data
  }

  it('sends a GIF as a looping MP4 and a WebM recording as an Ogg voice note', async () => {
    const gif = made(['-f', 'lavfi', '-i', 'testsrc=size=64x48:rate=5', '-t', '1'], 'gif')
    const webm = made(['-f', 'lavfi', '-i', 'sine=frequency=440:duration=2', '-c:a', 'libopus'], 'webm')
    const before = ctx.sim.network.messagesBetween(SHOP, CUSTOMER).length
    const g = await upload({ chatType: 8, fileType: 7 }, 'party.gif', gif)
    expect(g.code, g.msg).toBe(0)
    expect(g.data).toMatchObject({ type: 'video', meta: expect.objectContaining({ gif: true }) })
    const v = await upload({ chatType: 10, seconds: 2 }, 'recording.webm', webm)
    expect(v.code, v.msg).toBe(0)
    expect(v.data).toMatchObject({ type: 'audio', meta: expect.objectContaining({ voiceNote: true }) })
    await drainOutbox(ctx)
    const got = ctx.sim.network.messagesBetween(SHOP, CUSTOMER).slice(before)
    expect(got.map((m) => (m.body.kind === 'media' ? m.body.mimetype : m.body.kind))).toEqual([
      'video/mp4',
      'audio/ogg',
    ])
  })

  it('refuses a GIF that is not one, and a WebM voice that cannot be read', async () => {
    const bad = Buffer.from('GIF89a but not really a picture')
    expect((await upload({ chatType: 8, fileType: 7 }, 'x.gif', bad)).code).toBe(ErrorCode.imageUnreadable)
    const junk = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(64, 2)])
    expect((await upload({ chatType: 10 }, 'x.webm', junk)).code).toBe(ErrorCode.audioDamaged)
  })
})
