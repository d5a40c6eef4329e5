import fs from 'node:fs'
import path from 'node:path'
import { type BaileysEventMap, proto, type WAMessage } from 'baileys'
import { describe, expect, it } from 'vitest'
import { storedContent } from '../../modules/messages/inbound.content.js'
import type { InboundMessage } from '../messaging-gateway.js'
import { ConnectionCaches } from './caches.js'
import type { BaileysConnection } from './connection.js'
import { dispatchBaileysEvents } from './events.js'
import { MemoryMessageStore } from './message-store.js'

/**
 * The recorded and constructed payloads in ./fixtures, each run through the adapter as Baileys
 * would hand it over: revived with `proto.WebMessageInfo.fromObject` (bytes as base64, 64-bit
 * numbers as strings, enums by name), then dispatched batch by batch. Each file names where its
 * payload comes from and what the product must make of it: the gateway's inbound messages, in
 * order, and the stored form of each.
 */

interface Fixture {
  case: string
  origin: 'real' | 'constructed'
  source: string
  me?: { pn: string; lid: string }
  ownSends?: string[]
  emitHistory?: boolean
  batches: Record<string, unknown>[]
  expect: (Record<string, unknown> & { stored?: Record<string, unknown> })[]
  secretsKept?: string[]
}

const dir = path.join(import.meta.dirname, 'fixtures')
const files = fs.readdirSync(dir).filter((f) => f.endsWith('.json'))
const load = (f: string) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as Fixture
const ME = { pn: '8613800000000@s.whatsapp.net', lid: '99000000000001@lid' }

/** A message as Baileys emits it: the proto revived, with the key's v7 extras the proto lacks (alt jids, isViewOnce). */
function revive(raw: { key: Record<string, unknown> }): WAMessage {
  const msg = proto.WebMessageInfo.fromObject(raw) as WAMessage
  msg.key = { ...msg.key, ...raw.key } as WAMessage['key']
  return msg
}

function reviveBatch(batch: Record<string, unknown>): Partial<BaileysEventMap> {
  const out: Record<string, unknown> = { ...batch }
  const upsert = batch['messages.upsert'] as
    | { type: string; messages: { key: Record<string, unknown> }[] }
    | undefined
  if (upsert) out['messages.upsert'] = { ...upsert, messages: upsert.messages.map(revive) }
  const history = batch['messaging-history.set'] as
    | { messages: { key: Record<string, unknown> }[] }
    | undefined
  if (history) out['messaging-history.set'] = { ...history, messages: history.messages.map(revive) }
  return out as Partial<BaileysEventMap>
}

async function run(f: Fixture, emitHistory = f.emitHistory ?? false) {
  const now = () => 1_790_000_000_000
  const caches = new ConnectionCaches(now)
  for (const id of f.ownSends ?? []) caches.rememberSent(id, null)
  const conn = { accountId: '7', me: f.me ?? ME, caches } as unknown as BaileysConnection
  const messages = new MemoryMessageStore()
  const emitted: InboundMessage[] = []
  for (const batch of f.batches) {
    await dispatchBaileysEvents(conn, reviveBatch(batch), {
      emit: async (event, payload) => {
        if (event === 'message') emitted.push(payload as InboundMessage)
      },
      now,
      emitHistory,
      knownLids: new Map(),
      messages,
    })
  }
  return { emitted, messages }
}

describe('recorded and constructed payloads', () => {
  it('every fixture names its source and whether it is a real payload', () => {
    expect(files.length).toBeGreaterThan(30)
    for (const f of files) {
      const fx = load(f)
      expect(fx.source, f).toMatch(/\S{10,}/)
      expect(['real', 'constructed'], f).toContain(fx.origin)
      if (fx.origin === 'constructed') expect(fx.source, f).toMatch(/constructed from WAProto/)
      else expect(fx.source, f).toMatch(/^(https:\/\/github\.com\/|[\w.-]+\/[\w.-]+ )/)
    }
  })

  for (const file of files) {
    const fx = load(file)
    it(`${file}: ${fx.case}`, async () => {
      const { emitted, messages } = await run(fx)
      expect(emitted).toHaveLength(fx.expect.length)
      for (const [i, { stored, ...want }] of fx.expect.entries()) {
        expect(emitted[i], `${file} #${i}`).toMatchObject(want)
        if (!stored) continue
        const c = emitted[i].content
        if (c.kind === 'revoke' || c.kind === 'edit')
          throw new Error(`${file}: ${c.kind} is not stored as a message`)
        expect(storedContent(c, undefined, undefined, emitted[i].albumId), `${file} #${i}`).toMatchObject(
          stored,
        )
      }
      for (const id of fx.secretsKept ?? [])
        expect((await messages.get('7', id))?.content?.length).toBeGreaterThan(0)
    })
  }

  it('history synced on linking stays off the desk unless history is asked for', async () => {
    const { emitted } = await run(load('batch-history-set.json'), false)
    expect(emitted).toEqual([])
  })
})
