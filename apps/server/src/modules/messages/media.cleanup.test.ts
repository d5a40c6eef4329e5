import fs from 'node:fs'
import path from 'node:path'
import { type ChatMessageView, type MaterialUploadResult, Role } from '@app/core'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { openSystemScope } from '../../db/system-scope.js'
import { createTestContext, type Signed, type TestContext } from '../../test/harness.js'
import { customerSession } from '../../test/messaging.js'
import { deskClient } from '../desk/desk.fixtures.js'
import { multipartBody } from '../materials/materials.fixtures.js'

/** Tests look rows up across tenants. */
const system = openSystemScope('modules/messages/media.cleanup.test')

/** Uploads nothing uses (no material, no message) are removed, row and file, once a day old. */
let ctx: TestContext
let boss: Signed
let agent: Signed
let session: number
const SHOP = '8613800000012'
const CUSTOMER = '447700900012'
const DAY = 86_400_000

beforeAll(async () => {
  ctx = await createTestContext({}, { simRoutes: false })
  const tenant = await ctx.tenant('acme')
  boss = await ctx.as(tenant, Role.customerMaster, 'boss')
  agent = await ctx.as(tenant, Role.customerUser, 'agent')
  const shop = await ctx.linkAccount(tenant, SHOP)
  await ctx.db
    .updateTable('ws_accounts')
    .set({ agent_user_id: agent.userId })
    .where('id', '=', shop)
    .execute()
  session = await customerSession(ctx, CUSTOMER, SHOP)
})
afterAll(() => ctx.close())

const pdf = (seed: string) => Buffer.from(`%PDF-1.4 ${seed} ${'x'.repeat(200)}`)

async function upload(seed: string): Promise<number> {
  const { body, contentType } = multipartBody({ type: 'file' }, [{ name: `${seed}.pdf`, data: pdf(seed) }])
  const r = await ctx.call('POST', '/damai/customer/material/upload', {
    token: boss.token,
    body,
    headers: { 'content-type': contentType },
  })
  expect(r.code, r.msg).toBe(0)
  return (r.data as MaterialUploadResult).mediaId
}

async function material(mediaId: number): Promise<number> {
  const r = await ctx.call('POST', '/damai/customer/material', {
    token: boss.token,
    body: { ownerType: 1, name: `m${mediaId}`, content: { type: 'file', mediaId, fileName: 'a.pdf' } },
  })
  expect(r.code, r.msg).toBe(0)
  return (r.data as { id: number }).id
}

async function chatUpload(seed: string): Promise<number> {
  const r = await deskClient(ctx).upload(
    agent,
    { sessionId: session, chatType: 11 },
    { name: 'a.pdf', data: pdf(seed) },
  )
  expect(r.code, r.msg).toBe(0)
  const row = await ctx.db
    .selectFrom('messages')
    .select('media_id')
    .where('id', '=', (r.data as ChatMessageView).id)
    .executeTakeFirstOrThrow()
  return Number(row.media_id)
}

const age = (ids: number[], ms = 2 * DAY) =>
  ctx.db
    .updateTable('media_files')
    .set({ stored_at: Date.now() - ms })
    .where('id', 'in', ids)
    .execute()
const fileOf = async (id: number) => {
  const row = await ctx.db.selectFrom('media_files').select('path').where('id', '=', id).executeTakeFirst()
  return row ? ctx.messaging.media.absolute(row.path) : null
}
const exists = async (ids: number[]) => {
  const rows = await ctx.db.selectFrom('media_files').select('id').where('id', 'in', ids).execute()
  return ids.map((id) => rows.some((r) => r.id === id))
}

describe('clean-up of unreferenced uploads', () => {
  it('removes an upload nothing uses after a day, and keeps what a material or a message uses', async () => {
    const unused = await upload('unused')
    const forMaterial = await upload('material')
    await material(forMaterial)
    const sent = await chatUpload('chat')
    const fresh = await upload('fresh')
    await age([unused, forMaterial, sent])
    await age([fresh], DAY - 60_000)
    const unusedFile = await fileOf(unused)
    expect(unusedFile && fs.existsSync(unusedFile)).toBe(true)

    expect(await ctx.messaging.mediaCleanup.systemSweep(system)).toBe(1)
    expect(await exists([unused, forMaterial, sent, fresh])).toEqual([false, true, true, true])
    expect(fs.existsSync(unusedFile as string)).toBe(false)
    for (const id of [forMaterial, sent, fresh])
      expect(fs.existsSync((await fileOf(id)) as string)).toBe(true)
  })

  it('frees a file once its material is deleted', async () => {
    const id = await upload('short-lived')
    const m = await material(id)
    await age([id])
    expect(await ctx.messaging.mediaCleanup.systemSweep(system)).toBe(0)
    const del = await ctx.call('DELETE', '/damai/customer/material', {
      token: boss.token,
      query: { ids: String(m) },
    })
    expect(del.code, del.msg).toBe(0)
    expect(await ctx.messaging.mediaCleanup.systemSweep(system)).toBe(1)
    expect(await exists([id])).toEqual([false])
  })

  it('keeps an old upload that is uploaded again: the new upload counts as fresh', async () => {
    const id = await upload('again')
    await age([id])
    expect(await upload('again')).toBe(id)
    expect(await ctx.messaging.mediaCleanup.systemSweep(system)).toBe(0)
    expect(await exists([id])).toEqual([true])
  })

  it('removes each file once when two server processes sweep at the same time', async () => {
    const ids = [await upload('p1'), await upload('p2'), await upload('p3')]
    await age(ids)
    const files = await Promise.all(ids.map(fileOf))
    const dataDir = path.dirname(ctx.messaging.media.absolute('.'))
    const other = await createTestContext({}, { db: ctx.db, dataDir, simRoutes: false })
    try {
      const removed = await Promise.all([
        ctx.messaging.mediaCleanup.systemSweep(system),
        other.messaging.mediaCleanup.systemSweep(system),
      ])
      expect(removed[0] + removed[1]).toBe(3)
      expect(await exists(ids)).toEqual([false, false, false])
      for (const f of files) expect(fs.existsSync(f as string)).toBe(false)
    } finally {
      await other.close()
    }
  })

  it('runs by itself once the engines start', async () => {
    const id = await upload('engine')
    await age([id])
    await ctx.engines.start()
    await vi.waitFor(async () => expect(await exists([id])).toEqual([false]), { timeout: 10_000 })
  })
})
