import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Role } from '@app/core'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createTestContext, type TestContext } from '../../test/harness.js'
import type { CommitBatcher } from './commit-batcher.js'

let ctx: TestContext
let account: number
const SHOP = '8613800000071'
const ALICE = '447700900071'
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wsdesk-spool-'))
const spoolDir = path.join(dataDir, 'inbound-spool')

beforeAll(async () => {
  ctx = await createTestContext({}, { dataDir })
  const tenant = await ctx.tenant('spool')
  await ctx.as(tenant, Role.customerMaster, 'boss')
  account = await ctx.linkAccount(tenant, SHOP)
  ctx.sim.network.addPhone(ALICE, { name: 'Alice' })
})
afterAll(async () => {
  await ctx.close()
  fs.rmSync(dataDir, { recursive: true, force: true })
})

const texts = async () =>
  (
    await ctx.db
      .selectFrom('messages')
      .select('body')
      .where('account_id', '=', account)
      .orderBy('id')
      .execute()
  ).map((m) => m.body)

describe('an inbound message the database refuses', () => {
  it('is kept on disk and stored by the next start, once', async () => {
    const batcher = (ctx.messaging.inbound as unknown as { batcher: CommitBatcher }).batcher
    const run = vi.spyOn(batcher, 'run').mockRejectedValue(new Error('disk I/O error'))
    ctx.sim.network.customerSend(ALICE, SHOP, { kind: 'text', text: 'please keep me' })
    // the retries wait 50 + 250 + 1,000 ms of real time
    await vi.waitFor(
      () => expect(fs.readdirSync(spoolDir).filter((f) => f.endsWith('.json'))).toHaveLength(1),
      {
        timeout: 5_000,
      },
    )
    expect(run).toHaveBeenCalledTimes(4)
    expect(await texts()).toEqual([])

    run.mockRestore()
    expect(await ctx.messaging.inbound.replaySpool()).toBe(1)
    expect(await texts()).toEqual(['please keep me'])
    expect(fs.readdirSync(spoolDir)).toEqual([])
    // a second start finds nothing left to store
    expect(await ctx.messaging.inbound.replaySpool()).toBe(0)
    expect(await texts()).toEqual(['please keep me'])
  })
})
