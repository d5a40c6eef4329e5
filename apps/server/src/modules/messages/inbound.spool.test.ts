import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Role } from '@app/core'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createTestContext, type TestContext } from '../../test/harness.js'
import type { CommitBatcher } from './commit-batcher.js'
import { InboundSpool } from './inbound.spool.js'

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
    // the retries wait 50 + 250 + 1,000 ms of real time (for the customer's phone ↔ hidden id pair,
    // joined in the same lane first, and again for the message)
    const spooled = () =>
      fs
        .readdirSync(spoolDir)
        .filter((f) => f.endsWith('.json'))
        .map((f) => fs.readFileSync(path.join(spoolDir, f), 'utf8'))
    await vi.waitFor(() => expect(spooled().some((f) => f.includes('please keep me'))).toBe(true), {
      timeout: 8_000,
    })
    // the first try and three retries
    expect(run.mock.calls.length).toBeGreaterThanOrEqual(4)
    expect(await texts()).toEqual([])

    run.mockRestore()
    const files = spooled().length
    expect(await ctx.messaging.inbound.replaySpool()).toBe(files)
    expect(await texts()).toEqual(['please keep me'])
    expect(fs.readdirSync(spoolDir)).toEqual([])
    // a second start finds nothing left to store
    expect(await ctx.messaging.inbound.replaySpool()).toBe(0)
    expect(await texts()).toEqual(['please keep me'])
  })
})

const silent = pino({ level: 'silent' })

describe('the inbound spool of two processes sharing a data directory', () => {
  let dir: string
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wsdesk-spool-'))
  })
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

  it('replays the orphans of a stopped process once, and leaves a running process its own', async () => {
    // a pid no process runs under any more
    const dead = spawnSync(process.execPath, ['-e', 'process.pid']).pid as number
    const live = process.ppid
    const entry = (n: number) => JSON.stringify({ event: 'message', payload: { n } })
    fs.writeFileSync(path.join(dir, `1000-${dead}-1.json`), entry(1))
    fs.writeFileSync(path.join(dir, `1001-${dead}-2.json`), entry(2))
    // a replay cut short when its process died: the file is an orphan again
    fs.writeFileSync(path.join(dir, `1002-${dead}-3.json.replaying-${dead}`), entry(3))
    fs.writeFileSync(path.join(dir, `1003-${live}-1.json`), entry(4))
    const applied: number[] = []
    const apply = async (_event: string, payload: unknown) => {
      await new Promise((r) => setImmediate(r))
      applied.push((payload as { n: number }).n)
    }
    const spools = [new InboundSpool(dir, silent), new InboundSpool(dir, silent)]
    const done = await Promise.all(spools.map((s) => s.replay(apply)))
    expect(done[0] + done[1]).toBe(3)
    expect(applied.sort()).toEqual([1, 2, 3])
    // the running process's file waits for it (an orphan once it stops)
    expect(fs.readdirSync(dir)).toEqual([`1003-${live}-1.json`])
  })

  it('gives the files not applied back when a replay stops, in order, for the next start', async () => {
    const own = (n: number) => `${2000 + n}-${process.pid}-${n}.json`
    for (const n of [1, 2, 3])
      fs.writeFileSync(path.join(dir, own(n)), JSON.stringify({ event: 'message', payload: { n } }))
    const spool = new InboundSpool(dir, silent)
    const first: number[] = []
    expect(
      await spool.replay(async (_e, p) => {
        const n = (p as { n: number }).n
        if (n === 2) throw new Error('database refused')
        first.push(n)
      }),
    ).toBe(1)
    expect(first).toEqual([1])
    expect(spool.pending().filter((f) => f.includes(`-${process.pid}-`))).toEqual([own(2), own(3)])
    const second: number[] = []
    expect(await spool.replay(async (_e, p) => void second.push((p as { n: number }).n))).toBe(2)
    expect(second).toEqual([2, 3])
  })
})
