import { ErrorCode, type MaterialUploadResult, outboundContent, Role } from '@app/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type Signed, type TestContext } from '../../test/harness.js'
import { customerSession, drainOutbox } from '../../test/messaging.js'
import { mp3File, mp4File, multipartBody, oggFile, pngFile } from './materials.fixtures.js'
import { contactVcard, materialToOutbound } from './materials.outbound.js'
import { MaterialsService } from './materials.service.js'

let ctx: TestContext
let tenant: number
let boss: Signed
let agent: Signed
let other: Signed
let materials: MaterialsService
const SHOP = '8613800000001'
const ALICE = '447700900001'
const base = '/damai/customer/material'

beforeAll(async () => {
  ctx = await createTestContext(
    { SEND_RATE_PER_MINUTE: '6000', SEND_BURST: '1000' },
    { sim: { rules: { sendLimitPerMinute: 100_000 } } },
  )
  tenant = await ctx.tenant('acme')
  boss = await ctx.as(tenant, Role.customerMaster, 'boss')
  agent = await ctx.as(tenant, Role.customerUser, 'agent')
  other = await ctx.as(tenant, Role.customerUser, 'other')
  materials = new MaterialsService(ctx.db, ctx.messaging.media)
  await ctx.linkAccount(tenant, SHOP)
})
afterAll(() => ctx.close())

async function uploaded(type: string, name: string, data: Buffer): Promise<number> {
  const { body, contentType } = multipartBody({ type }, [{ name, data }])
  const r = await ctx.call('POST', `${base}/upload`, {
    token: boss.token,
    body,
    headers: { 'content-type': contentType },
  })
  return (r.data as MaterialUploadResult).mediaId
}
async function material(
  who: Signed,
  ownerType: 1 | 2,
  name: string,
  content: Record<string, unknown>,
  enabled = true,
) {
  const r = await ctx.call('POST', base, { token: who.token, body: { ownerType, name, content, enabled } })
  if (r.code !== 0) throw new Error(`${name}: ${r.code} ${r.msg}`)
  return (r.data as { id: number }).id
}

describe('materialToOutbound', () => {
  it('builds a vCard WhatsApp can open a chat from', () => {
    expect(contactVcard('Ann; Sales', '+86 138-0013-8000')).toBe(
      'BEGIN:VCARD\nVERSION:3.0\nFN:Ann\\; Sales\nTEL;type=CELL;waid=8613800138000:+8613800138000\nEND:VCARD',
    )
  })

  it('sends a long image-text link as text rather than cut its caption', () => {
    const out = materialToOutbound(
      { type: 'link', title: 'T'.repeat(100), link: 'https://a.io', text: 'x'.repeat(1000), mediaId: 3 },
      'image/png',
    )
    expect(out.type).toBe('text')
    const short = materialToOutbound(
      { type: 'link', title: 'T', link: 'https://a.io', mediaId: 3 },
      'image/png',
    )
    expect(short).toEqual({ type: 'image', mediaId: 3, caption: 'T\nhttps://a.io' })
  })
})

describe('toOutbound: what a material sends as', () => {
  it('gives valid outbox content for every type, and the customer receives it', async () => {
    const png = await uploaded('image', 'p.png', pngFile(20, 20))
    const mp4 = await uploaded('video', 'v.mp4', mp4File())
    const ogg = await uploaded('voice', 'v.ogg', oggFile())
    const mp3 = await uploaded('voice', 'v.mp3', mp3File())
    const pdf = await uploaded('file', 'f.pdf', Buffer.from('%PDF-1.4 price list'))
    const cases: [Record<string, unknown>, Record<string, unknown>][] = [
      [
        { type: 'text', text: 'Welcome!' },
        { type: 'text', text: 'Welcome!' },
      ],
      [
        { type: 'image', mediaId: png, caption: 'Look' },
        { type: 'image', mediaId: png, caption: 'Look' },
      ],
      [
        { type: 'gif', mediaId: mp4 },
        { type: 'video', mediaId: mp4, gif: true },
      ],
      [
        { type: 'video', mediaId: mp4 },
        { type: 'video', mediaId: mp4 },
      ],
      [
        { type: 'voice', mediaId: ogg },
        { type: 'audio', mediaId: ogg, voiceNote: true },
      ],
      [
        { type: 'voice', mediaId: mp3 },
        { type: 'audio', mediaId: mp3, voiceNote: false },
      ],
      [
        { type: 'file', mediaId: pdf, fileName: 'prices.pdf' },
        { type: 'document', mediaId: pdf, fileName: 'prices.pdf' },
      ],
      [
        { type: 'location', latitude: 31.23, longitude: 121.47, name: 'Bund' },
        { type: 'location', latitude: 31.23, longitude: 121.47, name: 'Bund' },
      ],
      [
        { type: 'card', contactName: 'Ann', contactPhone: '8613800138000' },
        { type: 'contacts', displayName: 'Ann', vcards: [contactVcard('Ann', '8613800138000')] },
      ],
      [
        { type: 'link', title: 'Sale', link: 'https://shop.example/sale', text: 'Half price' },
        { type: 'text', text: 'Sale\nHalf price\nhttps://shop.example/sale' },
      ],
    ]
    const session = await customerSession(ctx, ALICE, SHOP)
    for (const [i, [content, expected]] of cases.entries()) {
      const id = await material(boss, 1, `m${i}`, content)
      const out = await materials.toOutbound({ tenantId: tenant, userId: agent.userId }, id)
      expect(out, JSON.stringify(content)).toEqual(expected)
      expect(outboundContent.safeParse(out).success).toBe(true)
      await ctx.messaging.outbox.enqueue({
        tenantId: tenant,
        sessionId: session,
        content: out,
        requestedBy: agent.userId,
      })
    }
    await drainOutbox(ctx)
    const got = ctx.sim.network.messagesBetween(SHOP, ALICE).filter((m) => m.from === SHOP)
    expect(got.map((m) => (m.body.kind === 'media' ? m.body.media : m.body.kind))).toEqual([
      'text',
      'image',
      'video',
      'video',
      'audio',
      'audio',
      'document',
      'location',
      'contacts',
      'text',
    ])
  })

  it("refuses a disabled material, another agent's personal one, and another tenant's", async () => {
    const off = await material(boss, 1, 'Off', { type: 'text', text: 'x' }, false)
    await expect(materials.toOutbound({ tenantId: tenant, userId: agent.userId }, off)).rejects.toMatchObject(
      {
        code: ErrorCode.materialDisabled,
      },
    )
    const personal = await material(other, 2, 'Mine', { type: 'text', text: 'x' })
    await expect(
      materials.toOutbound({ tenantId: tenant, userId: agent.userId }, personal),
    ).rejects.toMatchObject({
      code: 404,
    })
    expect(await materials.toOutbound({ tenantId: tenant, userId: other.userId }, personal)).toEqual({
      type: 'text',
      text: 'x',
    })
    const rival = await ctx.tenant('rival')
    await expect(
      materials.toOutbound({ tenantId: rival, userId: agent.userId }, personal),
    ).rejects.toMatchObject({
      code: 404,
    })
  })
})
