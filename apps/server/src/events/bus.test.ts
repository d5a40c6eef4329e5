import { Role } from '@app/core'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../db/index.js'
import { EngineLoop } from '../engines/engine-loop.js'
import { MessageCursor, type PendingMessage } from '../modules/messages/index.js'
import { createTestContext, type TestContext } from '../test/harness.js'
import { type DurableSubscription, EventBus } from './bus.js'

const log = pino({ level: 'silent' })
// in-process subscribers never reach the database
const noDb = {} as Db

describe('in-process subscribers, found by the event name', () => {
  it('a subscriber of a name hears each event of that name, after its publish, and only those', async () => {
    const bus = new EventBus(noDb, log)
    const heard: unknown[] = []
    const off = bus.subscribe('accounts.assigned', (e) => {
      heard.push(e)
    })
    bus.subscribe('account.status', () => {
      heard.push('wrong event')
    })
    await bus.publish('accounts.assigned', { tenantId: 7, changes: [] })
    expect(heard).toEqual([{ tenantId: 7, changes: [] }])
    off()
    await bus.publish('accounts.assigned', { tenantId: 8, changes: [] })
    expect(heard).toHaveLength(1)
  })

  it('a publisher waits for async subscribers, and a failing one neither throws nor stops the others', async () => {
    const bus = new EventBus(noDb, log)
    const done: string[] = []
    bus.subscribe('accounts.assigned', async () => {
      throw new Error('boom')
    })
    bus.subscribe('accounts.assigned', async () => {
      await new Promise((r) => setTimeout(r, 20))
      done.push('slow')
    })
    await bus.publish('accounts.assigned', { tenantId: 1, changes: [] })
    expect(done).toEqual(['slow'])
  })

  it('a durable subscription of an event nobody provides is refused at once', () => {
    const bus = new EventBus(noDb, log)
    expect(() => bus.subscribe('message.stored', { durable: 'x', handle: async () => undefined })).toThrow(
      /no source/,
    )
  })
})

const SHOP = '8613600000091'
const CURSOR = 'events-test'

describe('a durable subscriber', () => {
  let ctx: TestContext
  beforeAll(async () => {
    ctx = await createTestContext({}, { simRoutes: false })
    const tenant = await ctx.tenant('events')
    await ctx.as(tenant, Role.customerMaster, 'events-boss')
    await ctx.linkAccount(tenant, SHOP)
    await ctx.db
      .insertInto('message_cursors')
      .values({ consumer: CURSOR, last_id: 0, lease_owner: null, updated_at: Date.now() })
      .execute()
  })
  afterAll(() => ctx.close())

  let n = 0
  const customerSays = async (text: string) => {
    n++
    const phone = `44775${String(n).padStart(7, '0')}`
    ctx.sim.network.customerSend(phone, SHOP, { kind: 'text', text })
    await ctx.sim.settle(100)
  }
  const customerMessageIds = async () =>
    (await ctx.db.selectFrom('messages').select('id').where('from_me', '=', 0).orderBy('id').execute()).map(
      (m) => m.id,
    )
  const follow = (bus: EventBus, seen: number[]): DurableSubscription =>
    bus.subscribe('message.stored', {
      durable: CURSOR,
      handle: async (m: PendingMessage, commit) => {
        // the effect commits with the cursor's move past the message
        await commit(async () => seen.push(m.id))
      },
    })

  it('follows live events, then after a restart (a new bus over the same database) resumes without missing or repeating one', async () => {
    const seen: number[] = []
    const first = follow(ctx.events, seen)
    first.start()
    await customerSays('one')
    await customerSays('two')
    await first.settled()
    const before = await customerMessageIds()
    expect(before.length).toBeGreaterThanOrEqual(2)
    expect(seen).toEqual(before)

    // the process stops; messages keep arriving while nobody follows
    await first.stop()
    await customerSays('three')
    await customerSays('four')
    expect(seen).toEqual(before)

    // a new process: a new bus over the same database, whose cursor row remembers where it was
    const restarted = new EventBus(ctx.db, log)
    restarted.provide('message.stored', (cursor) => new MessageCursor(ctx.db, cursor))
    const second = follow(restarted, seen)
    second.start()
    await second.settled()
    await second.stop()
    const all = await customerMessageIds()
    expect(all.length).toBe(before.length + 2)
    expect(seen).toEqual(all)
    expect(new Set(seen).size).toBe(seen.length)
  })
})

describe('the engine shape', () => {
  it('a tick never starts while the previous one runs, however often the loop is woken', async () => {
    let running = 0
    let most = 0
    let ticks = 0
    const loop = new EngineLoop(
      'overlap-check',
      1,
      async () => {
        running++
        most = Math.max(most, running)
        ticks++
        await new Promise((r) => setTimeout(r, 15))
        running--
        return ticks < 4
      },
      log,
    )
    loop.start()
    for (let i = 0; i < 20; i++) {
      loop.wake()
      await new Promise((r) => setTimeout(r, 3))
    }
    await loop.stop()
    expect(ticks).toBeGreaterThanOrEqual(3)
    expect(most).toBe(1)
    expect(running).toBe(0)
  })
})
