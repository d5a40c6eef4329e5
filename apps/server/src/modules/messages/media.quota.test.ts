import { ErrorCode, type MaterialUploadResult, Role } from '@app/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type Signed, type TestContext } from '../../test/harness.js'
import { customerSession } from '../../test/messaging.js'
import { deskClient } from '../desk/desk.fixtures.js'
import { multipartBody } from '../materials/materials.fixtures.js'

/** Each tenant's stored files have a quota; an upload that would pass it is refused and nothing is stored. */
let ctx: TestContext
let boss: Signed
let agent: Signed
let rivalBoss: Signed
let session: number
const SHOP = '8613800000011'
const CUSTOMER = '447700900011'

beforeAll(async () => {
  ctx = await createTestContext({ TENANT_STORAGE_MAX_BYTES: '20000' }, { simRoutes: false })
  const tenant = await ctx.tenant('acme')
  boss = await ctx.as(tenant, Role.customerMaster, 'boss')
  agent = await ctx.as(tenant, Role.customerUser, 'agent')
  rivalBoss = await ctx.as(await ctx.tenant('rival'), Role.customerMaster, 'rival-boss')
  const shop = await ctx.linkAccount(tenant, SHOP)
  await ctx.db
    .updateTable('ws_accounts')
    .set({ agent_user_id: agent.userId })
    .where('id', '=', shop)
    .execute()
  session = await customerSession(ctx, CUSTOMER, SHOP)
})
afterAll(() => ctx.close())

/** A PDF of `size` bytes, different for every `seed`. */
const pdf = (size: number, seed: string) => {
  const head = Buffer.from(`%PDF-1.4 ${seed} `)
  return Buffer.concat([head, Buffer.alloc(size - head.length, 'a')])
}

async function upload(who: Signed, data: Buffer) {
  const { body, contentType } = multipartBody({ type: 'file' }, [{ name: 'price.pdf', data }])
  return ctx.call('POST', '/damai/customer/material/upload', {
    token: who.token,
    body,
    headers: { 'content-type': contentType, language: 'en' },
  }) as Promise<{ code: number; msg: string; data: MaterialUploadResult | null }>
}

const mediaCount = async () => (await ctx.db.selectFrom('media_files').select('id').execute()).length

describe('tenant storage quota', () => {
  it('refuses the upload that would pass the quota, clearly, and stores nothing', async () => {
    const first = await upload(boss, pdf(8000, 'one'))
    expect(first.code).toBe(0)
    expect((await upload(boss, pdf(8000, 'two'))).code).toBe(0)
    const before = await mediaCount()
    const over = await upload(boss, pdf(8000, 'three'))
    expect(over).toMatchObject({
      code: ErrorCode.storageFull,
      msg: "Your company's storage is full (19.5 KB at most): delete materials you no longer need, then upload again",
    })
    expect(await mediaCount()).toBe(before)
    // bytes the tenant already stores cost nothing
    const again = await upload(boss, pdf(8000, 'one'))
    expect(again.code).toBe(0)
    expect(again.data?.mediaId).toBe(first.data?.mediaId)
    expect(await mediaCount()).toBe(before)
  })

  it('counts each tenant on its own', async () => {
    expect((await upload(rivalBoss, pdf(8000, 'rival'))).code).toBe(0)
  })

  it('refuses a chat upload past the quota as well, and sends nothing', async () => {
    const outbox = async () => (await ctx.db.selectFrom('outbox').select('id').execute()).length
    const before = await outbox()
    const r = await deskClient(ctx).upload(
      agent,
      { sessionId: session, chatType: 11 },
      { name: 'list.pdf', data: pdf(8000, 'chat') },
      { lang: 'zh' },
    )
    expect(r).toMatchObject({
      code: ErrorCode.storageFull,
      msg: '企业存储空间已满（上限 19.5 KB），请删除不再需要的素材后再上传',
    })
    expect(await outbox()).toBe(before)
  })
})
