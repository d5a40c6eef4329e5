import { ErrorCode, type MaterialUploadResult, Role, UPLOAD_MAX_BYTES } from '@app/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type Signed, type TestContext } from '../../test/harness.js'
import {
  animatedGif,
  exeFile,
  gifFile,
  jpegFile,
  mp3File,
  mp4File,
  multipartBody,
  oggFile,
  pngFile,
} from './materials.fixtures.js'

let ctx: TestContext
let boss: Signed
let agent: Signed
let rivalBoss: Signed
const base = '/damai/customer/material'

beforeAll(async () => {
  ctx = await createTestContext({}, { simRoutes: false })
  const tenant = await ctx.tenant('acme')
  const rival = await ctx.tenant('rival')
  boss = await ctx.as(tenant, Role.customerMaster, 'boss')
  agent = await ctx.as(tenant, Role.customerUser, 'agent')
  rivalBoss = await ctx.as(rival, Role.customerMaster, 'rival-boss')
})
afterAll(() => ctx.close())

async function upload(
  who: Signed | null,
  fields: Record<string, string>,
  file?: { name: string; data: Buffer },
  language = 'zh',
) {
  const { body, contentType } = multipartBody(fields, file ? [file] : [])
  const r = await ctx.call('POST', `${base}/upload`, {
    token: who?.token,
    body,
    headers: { 'content-type': contentType, language },
  })
  return r as { code: number; msg: string; data: MaterialUploadResult | null }
}
const mediaCount = async () =>
  Number(
    (
      await ctx.db
        .selectFrom('media_files')
        .select((e) => e.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  )

describe('upload checks made from the bytes', () => {
  it('answers 401 without a token', async () => {
    expect((await upload(null, { type: 'image' }, { name: 'a.png', data: pngFile(10, 10) })).code).toBe(401)
  })

  it('accepts a chat image of any size, an mp4 video or GIF, mp3 and ogg voices and a PDF file', async () => {
    const cases: [string, string, Buffer, string][] = [
      ['image', 'small.png', pngFile(40, 30), 'image/png'],
      ['image', 'photo.jpeg', jpegFile(1200, 800), 'image/jpeg'],
      ['video', 'clip.mp4', mp4File(), 'video/mp4'],
      ['gif', 'fun.mp4', mp4File(), 'video/mp4'],
      ['voice', 'hi.mp3', mp3File(), 'audio/mpeg'],
      ['voice', 'hi.ogg', oggFile(), 'audio/ogg'],
      ['file', 'price.pdf', Buffer.from('%PDF-1.4 price list'), 'application/pdf'],
    ]
    for (const [type, name, data, mime] of cases) {
      const r = await upload(agent, { type }, { name, data })
      expect(r.code, `${type} ${name}: ${r.msg}`).toBe(0)
      expect(r.data).toMatchObject({ mime, size: data.length, fileName: name })
    }
    const jpeg = await upload(agent, { type: 'image' }, { name: 'photo.jpeg', data: jpegFile(1200, 800) })
    expect(jpeg.data).toMatchObject({ width: 1200, height: 800 })
  })

  it('stores a GIF as MP4 (how WhatsApp sends GIFs) and refuses a GIF that cannot be read', async () => {
    const r = await upload(agent, { type: 'gif' }, { name: 'fun.gif', data: animatedGif() })
    expect(r).toMatchObject({
      code: 0,
      data: { mime: 'video/mp4', width: 64, height: 48, fileName: 'fun.gif' },
    })
    const broken = await upload(
      agent,
      { type: 'gif' },
      { name: 'bad.gif', data: Buffer.from('GIF89a but not really') },
    )
    expect(broken.code).toBe(ErrorCode.imageUnreadable)
  })

  it('refuses an avatar smaller than 300x300 and accepts one of 300x300', async () => {
    const before = await mediaCount()
    const small = await upload(
      boss,
      { type: 'image', usage: 'avatar' },
      { name: 'a.png', data: pngFile(299, 300) },
    )
    expect(small).toMatchObject({
      code: ErrorCode.avatarTooSmall,
      msg: '头像图片尺寸不能小于300x300（当前 299x300）',
    })
    const flat = await upload(
      boss,
      { type: 'image', usage: 'avatar' },
      { name: 'b.jpg', data: jpegFile(800, 120) },
      'en',
    )
    expect(flat).toMatchObject({
      code: ErrorCode.avatarTooSmall,
      msg: 'An avatar must be at least 300x300 (this one is 800x120)',
    })
    expect(await mediaCount()).toBe(before)
    const ok = await upload(
      boss,
      { type: 'image', usage: 'avatar' },
      { name: 'c.png', data: pngFile(300, 300) },
    )
    expect(ok).toMatchObject({ code: 0, data: { width: 300, height: 300 } })
  })

  it('refuses a program renamed to look like an image or a document', async () => {
    const before = await mediaCount()
    for (const [type, name] of [
      ['image', 'photo.png'],
      ['file', 'invoice.pdf'],
      ['video', 'clip.mp4'],
    ]) {
      const r = await upload(agent, { type }, { name, data: exeFile() }, 'en')
      expect(r).toMatchObject({
        code: ErrorCode.uploadExecutable,
        msg: 'Executable files cannot be uploaded',
      })
    }
    expect(await mediaCount()).toBe(before)
  })

  it('refuses bytes that do not match the chosen type', async () => {
    const cases: [string, string, Buffer, string][] = [
      ['image', 'anim.png', gifFile(), 'jpg/jpeg/png'],
      ['image', 'clip.jpg', mp4File(), 'jpg/jpeg/png'],
      ['video', 'song.mp4', mp3File(), 'mp4'],
      ['voice', 'clip.mp3', mp4File(), 'mp3/ogg'],
      ['gif', 'pic.gif', pngFile(10, 10), 'gif/mp4'],
      ['image', 'notes.png', Buffer.from('just some text, not a picture'), 'jpg/jpeg/png'],
    ]
    for (const [type, name, data, accept] of cases) {
      const r = await upload(agent, { type }, { name, data })
      expect(r, `${type} ${name}`).toMatchObject({
        code: ErrorCode.uploadTypeMismatch,
        msg: `文件格式与所选类型不符，只支持 ${accept}`,
      })
    }
  })

  it('refuses a PNG whose header is cut short', async () => {
    const r = await upload(
      agent,
      { type: 'image' },
      { name: 'cut.png', data: pngFile(50, 50).subarray(0, 12) },
    )
    expect(r.code).toBe(ErrorCode.imageUnreadable)
  })

  it('refuses a file over 10 MB, a missing file and an unknown type', async () => {
    const big = Buffer.concat([Buffer.from('%PDF-1.4'), Buffer.alloc(UPLOAD_MAX_BYTES - 7)])
    expect(await upload(agent, { type: 'file' }, { name: 'big.pdf', data: big })).toMatchObject({
      code: ErrorCode.uploadTooLarge,
      msg: '文件大小不能超过10M',
    })
    expect((await upload(agent, { type: 'file' })).code).toBe(ErrorCode.uploadMissing)
    expect((await upload(agent, { type: 'file' }, { name: 'empty.pdf', data: Buffer.alloc(0) })).code).toBe(
      ErrorCode.uploadMissing,
    )
    const json = await ctx.call('POST', `${base}/upload`, { token: agent.token, body: { type: 'file' } })
    expect(json.code).toBe(ErrorCode.uploadMissing)
    expect(await upload(agent, { type: 'sticker' }, { name: 'a.png', data: pngFile(10, 10) })).toMatchObject({
      code: 400,
      msg: '请选择上传类型：图片、GIF、视频、语音或文件',
    })
    expect(
      (await upload(agent, { type: 'video', usage: 'avatar' }, { name: 'a.mp4', data: mp4File() })).code,
    ).toBe(400)
  })
})

describe('materials made from uploads', () => {
  it('creates an image material, serves its bytes, and re-checks the file on create', async () => {
    const png = pngFile(320, 320)
    const up = (await upload(boss, { type: 'image' }, { name: 'logo.png', data: png }))
      .data as MaterialUploadResult
    const created = await ctx.call('POST', base, {
      token: boss.token,
      body: {
        ownerType: 1,
        name: 'Logo',
        content: { type: 'image', mediaId: up.mediaId, caption: 'Our logo' },
      },
    })
    expect(created.code).toBe(0)
    const id = (created.data as { id: number }).id
    const view = await ctx.call('GET', `${base}/get`, { token: agent.token, query: { id: String(id) } })
    expect(view.data).toMatchObject({
      type: 'image',
      content: { type: 'image', mediaId: up.mediaId, caption: 'Our logo' },
      media: { id: up.mediaId, mime: 'image/png', size: png.length },
    })
    const file = await ctx.call('GET', `${base}/file`, { token: agent.token, query: { id: String(id) } })
    expect(file.res.headers['content-type']).toBe('image/png')
    expect(file.res.rawPayload.equals(png)).toBe(true)

    // an mp4 is no image, and a small image is no avatar
    const mp4 = (await upload(boss, { type: 'video' }, { name: 'a.mp4', data: mp4File() }))
      .data as MaterialUploadResult
    const wrong = await ctx.call('POST', base, {
      token: boss.token,
      body: { ownerType: 1, name: 'Bad', content: { type: 'image', mediaId: mp4.mediaId } },
    })
    expect(wrong.code).toBe(ErrorCode.uploadTypeMismatch)
    const small = (await upload(boss, { type: 'image' }, { name: 's.png', data: pngFile(100, 100) }))
      .data as MaterialUploadResult
    const avatar = await ctx.call('POST', base, {
      token: boss.token,
      body: {
        ownerType: 1,
        usage: 'avatar',
        name: 'Face',
        content: { type: 'image', mediaId: small.mediaId },
      },
    })
    expect(avatar.code).toBe(ErrorCode.avatarTooSmall)
    const noAvatarVideo = await ctx.call('POST', base, {
      token: boss.token,
      body: { ownerType: 1, usage: 'avatar', name: 'Face', content: { type: 'video', mediaId: mp4.mediaId } },
    })
    expect(noAvatarVideo.code).toBe(400)
  })

  it("refuses another tenant's file and serves nothing to another agent's personal material", async () => {
    const theirs = (await upload(rivalBoss, { type: 'image' }, { name: 'r.png', data: pngFile(5, 5) }))
      .data as MaterialUploadResult
    const r = await ctx.call('POST', base, {
      token: boss.token,
      body: { ownerType: 2, name: 'R', content: { type: 'image', mediaId: theirs.mediaId } },
    })
    expect(r.code).toBe(ErrorCode.mediaNotFound)

    const up = (await upload(agent, { type: 'voice' }, { name: 'v.ogg', data: oggFile() }))
      .data as MaterialUploadResult
    const mine = await ctx.call('POST', base, {
      token: agent.token,
      body: { ownerType: 2, name: 'Voice', content: { type: 'voice', mediaId: up.mediaId } },
    })
    const id = String((mine.data as { id: number }).id)
    expect((await ctx.call('GET', `${base}/file`, { token: boss.token, query: { id } })).code).toBe(404)
    const acting = await ctx.call('GET', `${base}/file`, {
      token: boss.token,
      query: { id },
      headers: { 'customer-user-id': String(agent.userId) },
    })
    expect(acting.res.headers['content-type']).toBe('audio/ogg')
  })
})
