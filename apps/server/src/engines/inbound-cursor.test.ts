import { pino } from 'pino'
import { describe, expect, it } from 'vitest'
import type { Db } from '../db/index.js'
import { type CursorStore, InboundCursor } from './inbound-cursor.js'

interface Row {
  id: number
  storedAt: number
}

/** A watermark and messages in memory; counts the reads of messages past the watermark. */
class MemoryStore implements CursorStore<Row> {
  rows: Row[] = []
  last = 0
  reads = 0

  async claim(): Promise<number> {
    return this.last
  }
  async release(): Promise<void> {}
  async pending(after: number, limit: number, storedBy: number): Promise<Row[]> {
    this.reads++
    return this.rows.filter((r) => r.id > after && r.storedAt <= storedBy).slice(0, limit)
  }
  async advance(_q: unknown, _owner: string, from: number, to: number): Promise<boolean> {
    if (this.last !== from) return false
    this.last = to
    return true
  }
}

const log = pino({ level: 'silent' })
// the work below never commits: no database is reached
const noDb = {} as Db

/** A consumer over `store` that records the ids it consumed in `done`. */
function consumerOf(
  store: MemoryStore,
  done: number[],
  settleMs: number,
  prepare?: (batch: Row[]) => Promise<void>,
) {
  return new InboundCursor(
    noDb,
    store,
    async (m) => {
      done.push(m.id)
    },
    log,
    settleMs,
    prepare,
  )
}

describe('a message consumer that waits for messages to settle', () => {
  it('consumes every message once, in order, and a busy inbound path costs one round per settle time', async () => {
    const store = new MemoryStore()
    const done: number[] = []
    const before: number[][] = []
    const consumer = consumerOf(store, done, 100, async (batch) => {
      before.push(batch.map((m) => m.id))
    })
    consumer.start()
    await consumer.settled()
    const readsAtStart = store.reads

    // 200 messages stored over about 100 ms, each waking the consumer
    for (let id = 1; id <= 200; id++) {
      store.rows.push({ id, storedAt: Date.now() })
      consumer.wake()
      if (id % 20 === 0) await new Promise((r) => setTimeout(r, 10))
    }
    await consumer.settled()

    expect(done).toEqual(Array.from({ length: 200 }, (_, i) => i + 1))
    expect(store.last).toBe(200)
    // each batch was prepared once, before its work
    expect(before.flat()).toEqual(done)
    // a few rounds (each reads its batch and looks for messages still settling), not one per wake
    expect(store.reads - readsAtStart).toBeLessThanOrEqual(12)
    await consumer.stop()
  })

  it('without a settle time, consumes a message as soon as it is woken', async () => {
    const store = new MemoryStore()
    const done: number[] = []
    const consumer = consumerOf(store, done, 0)
    consumer.start()
    await consumer.settled()
    store.rows.push({ id: 1, storedAt: Date.now() })
    consumer.wake()
    await consumer.settled()
    expect(done).toEqual([1])
    await consumer.stop()
  })
})
