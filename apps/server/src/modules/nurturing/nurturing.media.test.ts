import {
  ErrorCode,
  MassSendPath,
  type NurturingMaterialView,
  NurturingPath,
  type NurturingProgressView,
  Role,
} from '@app/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminToken, createTestContext, type Signed, type TestContext } from '../../test/harness.js'
import { drainOutbox } from '../../test/messaging.js'
import { exeFile, mp3File, multipartBody, oggFile, pngFile } from '../materials/materials.fixtures.js'
import { DAY_MS, dayStart } from './nurturing.clock.js'

const SHOP_A = '8613800000031'
const SHOP_B = '8613800000032'
const HOUR = 3_600_000

let ctx: TestContext
let admin: string
let boss: Signed
let tenantId: number
let accountA: number
let accountB: number
let clock = 0

/** A WebP file as a sticker is: RIFF, its size, WEBP, a VP8 chunk. */
function webpFile(bytes = 96): Buffer {
  const size = Buffer.alloc(4)
  size.writeUInt32LE(bytes - 8)
  return Buffer.concat([
    Buffer.from('RIFF', 'latin1'),
    size,
    Buffer.from('WEBPVP8 ', 'latin1'),
    Buffer.alloc(bytes - 16, 3),
  ])
}

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, token = admin) =>
  ctx.call(method, url, { token, body, headers: { language: 'en' } })

async function upload(fields: Record<string, string>, file?: { name: string; data: Buffer }, token = admin) {
  const { body, contentType } = multipartBody(fields, file ? [file] : [])
  return ctx.call('POST', NurturingPath.materialUpload, {
    token,
    body,
    headers: { 'content-type': contentType, language: 'en' },
  })
}

const states = async () =>
  new Map(
    (
      await ctx.db
        .selectFrom('nurturing_accounts')
        .select(['account_id', 'state', 'stop_reason', 'sent_total'])
        .where('tenant_id', '=', tenantId)
        .execute()
    ).map((r) => [r.account_id, r]),
  )

/** Run the engine on the test clock until `until` or until `sends` messages were sent. */
async function runUntil(until: number, sends: number): Promise<void> {
  for (let round = 0; round < 500 && clock < until; round++) {
    await ctx.nurturing.engine.tick()
    await drainOutbox(ctx)
    await ctx.nurturing.engine.readsQueued()
    await ctx.messaging.requests.drain()
    const total = [...(await states()).values()].reduce((n, r) => n + r.sent_total, 0)
    if (total >= sends) return
    const next = await ctx.db
      .selectFrom('nurturing_pairs')
      .select((eb) => eb.fn.min('next_at').as('at'))
      .where('state', '=', 'active')
      .executeTakeFirst()
    clock = Math.min(until, Math.max(clock + 1_000, Number(next?.at ?? until)))
  }
}

const ruleBody = (over: Record<string, unknown> = {}) => ({
  name: 'Media warm-up',
  tenantIds: [tenantId],
  language: 'pt',
  days: 3,
  perDay: 10,
  activeFrom: 9 * 60,
  activeTo: 18 * 60,
  utcOffset: 0,
  ...over,
})

beforeAll(async () => {
  ctx = await createTestContext()
  admin = await adminToken(ctx)
  tenantId = await ctx.tenant('nurturemedia')
  boss = await ctx.as(tenantId, Role.customerMaster, 'nurture-media-boss')
  accountA = await ctx.linkAccount(tenantId, SHOP_A)
  accountB = await ctx.linkAccount(tenantId, SHOP_B)
  clock = dayStart(Date.now(), 0) + DAY_MS
  ctx.nurturing.engine.useClock(() => clock)
})
afterAll(() => ctx.close())

describe('file material', () => {
  it('keeps an image, a voice note and a sticker, each checked from its bytes, and shows each file', async () => {
    const files = [
      ['image', 'a.png', pngFile(40, 30), 'image/png'],
      ['voice', 'hi.ogg', oggFile(), 'audio/ogg'],
      ['voice', 'hi.mp3', mp3File(), 'audio/mpeg'],
      ['sticker', 'smile.webp', webpFile(), 'image/webp'],
    ] as const
    for (const [type, name, data, mime] of files) {
      const r = await upload({ language: 'pt', type }, { name, data })
      expect(r.code).toBe(0)
      const id = (r.data as { id: number }).id
      const file = await ctx.call('GET', `${NurturingPath.materialFile}?id=${id}`, { token: admin })
      expect(file.res.statusCode).toBe(200)
      expect(file.res.headers['content-type']).toContain(mime)
      expect(Buffer.compare(file.res.rawPayload, data)).toBe(0)
    }
    const page = await call('POST', NurturingPath.materialPage, { language: 'pt', pageSize: 10 })
    const list = (page.data as { list: NurturingMaterialView[] }).list
    expect(list.map((m) => [m.type, m.mime]).sort()).toEqual(
      [
        ['image', 'image/png'],
        ['sticker', 'image/webp'],
        ['voice', 'audio/mpeg'],
        ['voice', 'audio/ogg'],
      ].sort(),
    )
  })

  it('refuses a file that is not of its type, too large, a program, missing, or of no type', async () => {
    const png = await upload({ language: 'pt', type: 'sticker' }, { name: 's.png', data: pngFile(8, 8) })
    expect(png.code).toBe(ErrorCode.nurturingFileType)
    expect(png.msg).toContain('webp')
    const big = await upload(
      { language: 'pt', type: 'sticker' },
      { name: 'b.webp', data: webpFile(600 * 1024) },
    )
    expect(big.code).toBe(ErrorCode.nurturingFileTooLarge)
    expect(big.msg).toContain('500 KB')
    const voice = await upload({ language: 'pt', type: 'voice' }, { name: 'v.png', data: pngFile(8, 8) })
    expect(voice.code).toBe(ErrorCode.nurturingFileType)
    expect(voice.msg).toContain('mp3/ogg')
    const image = await upload({ language: 'pt', type: 'image' }, { name: 'x.webp', data: webpFile() })
    expect(image.code).toBe(ErrorCode.nurturingFileType)
    const exe = await upload({ language: 'pt', type: 'image' }, { name: 'x.png', data: exeFile() })
    expect(exe.code).toBe(ErrorCode.uploadExecutable)
    const none = await upload({ language: 'pt', type: 'image' })
    expect(none.code).toBe(ErrorCode.uploadMissing)
    const untyped = await upload({ language: 'pt', type: 'video' }, { name: 'a.png', data: pngFile(8, 8) })
    expect(untyped.msg).toContain('Choose the type of the material')
    // only the admin uploads
    const theirs = await upload(
      { language: 'pt', type: 'image' },
      { name: 'a.png', data: pngFile(8, 8) },
      boss.token,
    )
    expect(theirs.code).toBe(ErrorCode.forbidden)
    const count = await ctx.db
      .selectFrom('nurturing_materials')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
    expect(Number(count.n)).toBe(4)
  })

  it('changes a file material’s language and use, never its kind', async () => {
    const r = await upload({ language: 'es', type: 'image' }, { name: 'a.png', data: pngFile(20, 20) })
    const id = (r.data as { id: number }).id
    const asText = await call('PUT', NurturingPath.material, { id, language: 'es', text: 'hello' })
    expect(asText.code).toBe(ErrorCode.nurturingMaterialIsFile)
    expect(
      (await call('PUT', NurturingPath.materialFileUpdate, { id, language: 'en', enabled: false })).code,
    ).toBe(0)
    const row = await ctx.db
      .selectFrom('nurturing_materials')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
    expect(row).toMatchObject({ language: 'en', enabled: 0, type: 'image' })
    expect((await call('DELETE', `${NurturingPath.material}?id=${id}`)).code).toBe(0)
    const gone = await ctx.call('GET', `${NurturingPath.materialFile}?id=${id}`, { token: admin })
    expect(gone.code).toBe(404)
  })
})

describe('a nurturing conversation with files', () => {
  it('sends images, voice notes and stickers on the simulator, tags the chats and keeps them out of audiences', async () => {
    // draws that go round seven values spread over [0, 1): whatever number of draws a message
    // takes (fewer than seven), eight messages draw each of the four materials
    let draw = 0
    ctx.nurturing.engine.useRandom(() => ((draw++ % 7) * 2 + 1) / 14)
    const rule = await call('POST', NurturingPath.rule, ruleBody())
    expect(rule.code).toBe(0)
    // the language has only files: every message is one
    await runUntil(clock + 2 * DAY_MS, 8)
    const between = ctx.sim.network.messagesBetween(SHOP_A, SHOP_B)
    expect(between.length).toBeGreaterThanOrEqual(8)
    const rows = await ctx.db
      .selectFrom('messages')
      .select(['type', 'origin', 'status', 'media_id'])
      .where('tenant_id', '=', tenantId)
      .where('from_me', '=', 1)
      .execute()
    expect(rows.every((m) => m.origin === 'nurturing' && m.media_id !== null)).toBe(true)
    expect(rows.every((m) => ['image', 'audio', 'sticker'].includes(m.type))).toBe(true)
    expect(rows.every((m) => m.status !== 'failed')).toBe(true)
    // what reached the partner's phone is the file of the material, as a sticker where it was one
    const kinds = new Set(
      between.map(
        (m) => (m.body as { kind: string; media?: string }).media ?? (m.body as { kind: string }).kind,
      ),
    )
    expect([...kinds].every((k) => ['image', 'audio', 'sticker'].includes(k))).toBe(true)
    expect(kinds.size).toBeGreaterThanOrEqual(2)

    // the chats are with the tenant's own accounts: flagged, tagged on the desk, no audience
    const fans = await ctx.db
      .selectFrom('fans')
      .select(['phone', 'nurturing', 'mass_send_enabled'])
      .where('tenant_id', '=', tenantId)
      .execute()
    expect(fans.map((f) => f.phone).sort()).toEqual([SHOP_A, SHOP_B])
    expect(fans.every((f) => f.nurturing === 1 && f.mass_send_enabled === 0)).toBe(true)
    const desk = await ctx.call('POST', '/damai/customer/session/page', { token: boss.token, body: {} })
    const sessions = (desk.data as { list: { nurturing?: boolean }[] }).list
    expect(sessions).toHaveLength(2)
    expect(sessions.every((s) => s.nurturing === true)).toBe(true)
    const audience = await ctx.call('POST', MassSendPath.audienceCount, {
      token: boss.token,
      body: { audience: { type: 'customers', all: true } },
    })
    expect(audience.data).toMatchObject({ count: 0 })
  })

  it('stops the rule’s accounts at once when it is turned off, takes them again when on, and stops them when deleted', async () => {
    const ruleId = (
      await ctx.db
        .selectFrom('nurturing_rules')
        .select('id')
        .where('name', '=', 'Media warm-up')
        .executeTakeFirstOrThrow()
    ).id
    expect([...(await states()).values()].map((r) => r.state)).toEqual(['active', 'active'])
    expect([...(await states()).keys()].sort()).toEqual([accountA, accountB].sort())

    expect(
      (await call('PUT', NurturingPath.rule, { ...ruleBody({ enabled: false }), id: ruleId })).code,
    ).toBe(0)
    // no engine round between: the stop is the change itself
    for (const r of (await states()).values())
      expect(r).toMatchObject({ state: 'stopped', stop_reason: 'rule_off' })
    const pairs = await ctx.db.selectFrom('nurturing_pairs').select('state').execute()
    expect(pairs.map((p) => p.state)).toEqual(['ended'])
    const progress = await call('POST', NurturingPath.progress, {})
    const list = (progress.data as { list: NurturingProgressView[] }).list
    expect(list.map((p) => [p.state, p.stopReason])).toEqual([
      ['stopped', 'rule_off'],
      ['stopped', 'rule_off'],
    ])
    const sent = [...(await states()).values()].reduce((n, r) => n + r.sent_total, 0)
    clock += HOUR
    await ctx.nurturing.engine.tick()
    await drainOutbox(ctx)
    expect([...(await states()).values()].reduce((n, r) => n + r.sent_total, 0)).toBe(sent)

    // turned on again: the accounts are enrolled and paired once more
    expect((await call('PUT', NurturingPath.rule, { ...ruleBody(), id: ruleId })).code).toBe(0)
    await ctx.nurturing.engine.tick()
    expect([...(await states()).values()].map((r) => r.state)).toEqual(['active', 'active'])

    expect((await call('DELETE', `${NurturingPath.rule}?id=${ruleId}`)).code).toBe(0)
    for (const r of (await states()).values())
      expect(r).toMatchObject({ state: 'stopped', stop_reason: 'rule_deleted' })
    const active = await ctx.db
      .selectFrom('nurturing_pairs')
      .select('id')
      .where('state', '=', 'active')
      .execute()
    expect(active).toHaveLength(0)
    clock += HOUR
    await ctx.nurturing.engine.tick()
    expect([...(await states()).values()].every((r) => r.state === 'stopped')).toBe(true)
  })
})
