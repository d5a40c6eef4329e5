import { randomBytes } from 'node:crypto'
import pino from 'pino'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../db/index.js'
import { type GatewayError, isGatewayError } from '../gateway/errors.js'
import { AccountRuntime } from '../gateway/runtime.js'
import { SimulatorGateway } from '../gateway/simulator/gateway.js'
import { createSimHarness } from '../gateway/simulator/harness.js'
import { createTestDb } from '../test/harness.js'
import { REDIS_URL, redisReachable } from '../test/redis.js'
import { DbAccountLease } from './account-lease.js'
import { decode, encode } from './bus.js'
import { type Cluster, startCluster } from './cluster.js'

const log = pino({ level: 'silent' })

const withRedis = await redisReachable()

let db: Db
let drop: () => Promise<void>
beforeAll(async () => {
  ;({ db, drop } = await createTestDb())
})
afterAll(() => drop())
afterEach(async () => {
  await db.deleteFrom('account_leases').execute()
})

describe('account leases in the database', () => {
  it('one holder at a time; renewing keeps it, running out lets another take it', async () => {
    const a = new DbAccountLease(db, 'proc-a', 10_000)
    const b = new DbAccountLease(db, 'proc-b', 10_000)
    expect(await a.acquire('7')).toBe(true)
    expect(await a.acquire('7')).toBe(true) // already ours
    expect(await b.acquire('7')).toBe(false)
    expect(await b.holderOf('7')).toBe('proc-a')
    expect(await a.renew(['7'])).toEqual([])

    // the holder died: its hold runs out
    await db
      .updateTable('account_leases')
      .set({ expires_at: Date.now() - 1 })
      .execute()
    expect(await b.holderOf('7')).toBeUndefined()
    expect(await b.acquire('7')).toBe(true)
    // the old holder learns it lost the account at its next renewal, and cannot release it
    expect(await a.renew(['7'])).toEqual(['7'])
    await a.release('7')
    expect(await a.holderOf('7')).toBe('proc-b')
    expect([...(await a.heldAnywhere())]).toEqual([7])
  })

  it('concurrent takes of a free account: exactly one wins', async () => {
    const leases = Array.from({ length: 6 }, (_, i) => new DbAccountLease(db, `p${i}`, 10_000))
    const won = await Promise.all(leases.map((l) => l.acquire('9')))
    expect(won.filter(Boolean)).toHaveLength(1)
  })

  it('a runtime over the lease connects an account held by no one, and not one held elsewhere', async () => {
    const h = createSimHarness({ seed: 3 })
    await h.linkAccount('1', '8613800000001')
    await h.linkAccount('2', '8613800000002')
    await h.gateway.disconnect('1')
    await h.gateway.disconnect('2')
    await new DbAccountLease(db, 'other', 10_000).acquire('2')
    const rt = new AccountRuntime({ gateway: h.gateway, lease: new DbAccountLease(db, 'me', 10_000) })
    expect(await rt.start('1')).toBe('started')
    expect(await rt.start('2')).toBe('held_elsewhere')
    await rt.shutdown()
    expect(await new DbAccountLease(db, 'x', 1).holderOf('1')).toBeUndefined()
  })
})

describe('values crossing processes', () => {
  it('buffers survive the bus encoding, nested in arguments', () => {
    const args = ['1', { kind: 'image', media: { buffer: Buffer.from([0, 1, 255]) }, caption: 'x' }]
    expect(decode(JSON.parse(JSON.stringify(encode(args))))).toEqual(args)
  })
})

describe.skipIf(!withRedis)('several processes over Redis', () => {
  const opened: Cluster[] = []
  const open = async (prefix: string) => {
    const c = await startCluster({ REDIS_URL, REDIS_PREFIX: prefix, ACCOUNT_LEASE_MS: 6_000 }, db, log)
    opened.push(c)
    return c
  }
  afterEach(async () => {
    for (const c of opened.splice(0)) await c.close()
  })

  it('a call on an account held by another process runs there; its status is known here; runtime calls are forwarded', async () => {
    const prefix = `t:${randomBytes(4).toString('hex')}:`
    const [one, two] = [await open(prefix), await open(prefix)]
    // one network, one gateway per process (as each process connects its own accounts)
    const h = createSimHarness({ seed: 5 })
    h.network.addPhone('447700900001', { name: 'Ann' })
    const gatewayTwo = new SimulatorGateway({ network: h.network, links: h.links })
    const rtOne = new AccountRuntime({ gateway: h.gateway, lease: one.lease, peers: one.peers })
    const rtTwo = new AccountRuntime({ gateway: gatewayTwo, lease: two.lease, peers: two.peers })
    const routedOne = one.route(h.gateway, rtOne)
    const routedTwo = two.route(gatewayTwo, rtTwo)

    await h.linkAccount('1', '8613800000001')
    await h.gateway.disconnect('1')
    expect(await rtOne.start('1')).toBe('started')
    await h.settle()

    // process two sends through account 1, held by process one
    const sent = await routedTwo.send('1', '447700900001@s.whatsapp.net', { kind: 'text', text: 'from two' })
    await h.settle()
    expect(sent.ref.fromMe).toBe(true)
    expect(h.network.messagesBetween('447700900001', '8613800000001').map((m) => m.text)).toContain(
      'from two',
    )

    // a gateway error keeps its code across the processes
    const refused = await routedTwo
      .groupInfo('1', '999@g.us')
      .then(() => null)
      .catch((e: unknown) => e)
    expect(isGatewayError(refused)).toBe(true)
    expect((refused as GatewayError).code).toBe('not_found')

    // the holder's status reached the other process
    await expect.poll(() => routedTwo.getStatus('1')?.state).toBe('open')
    expect(routedOne.getStatus('1')?.state).toBe('open')

    // stopping it from process two closes it in process one
    await rtTwo.stop('1')
    expect(rtOne.isHeld('1')).toBe(false)
    expect(h.gateway.getStatus('1')?.state).toBe('closed')
    await rtOne.shutdown()
    await rtTwo.shutdown()
  })

  it('processes share the accounts fairly, and the survivors take the accounts of a dead one', async () => {
    const prefix = `t:${randomBytes(4).toString('hex')}:`
    const h = createSimHarness({ seed: 6 })
    const ids = ['11', '12', '13', '14', '15', '16']
    for (const [i, id] of ids.entries()) {
      await h.linkAccount(id, `86138000001${i}`)
      await h.gateway.disconnect(id)
    }
    const wanted = async () => ids.map((accountId) => ({ accountId }))
    const procs = await Promise.all(
      [0, 1, 2].map(async () => {
        const c = await open(prefix)
        const gateway = new SimulatorGateway({ network: h.network, links: h.links })
        const runtime = new AccountRuntime({ gateway, lease: c.lease, peers: c.peers })
        c.route(gateway, runtime)
        const engine = c.takeover(runtime, wanted, async (list) => {
          await runtime.resumeAll(list)
        })
        return { c, gateway, runtime, engine }
      }),
    )
    type Takeover = { tick(): Promise<void> }
    const tick = async () => {
      for (const p of procs) await (p.engine as unknown as Takeover).tick()
      await h.settle()
    }
    // the first to look takes everything; the others' shares come back to them over the next rounds
    for (let i = 0; i < 4; i++) await tick()
    expect(procs.map((p) => p.runtime.heldAccounts().length)).toEqual([2, 2, 2])
    // each account open in exactly one process
    for (const id of ids)
      expect(procs.filter((p) => p.gateway.getStatus(id)?.state === 'open')).toHaveLength(1)

    // process 0 dies without a word: its leases run out and it drops out of the members
    const dead = procs[0]
    const orphaned = dead?.runtime.heldAccounts() ?? []
    for (const id of orphaned) await dead?.gateway.disconnect(id)
    await db
      .updateTable('account_leases')
      .set({ expires_at: Date.now() - 1 })
      .where('holder', '=', dead?.c.self ?? '')
      .execute()
    await dead?.c.close()
    procs.shift()
    for (let i = 0; i < 2; i++) await tick()
    expect(procs.map((p) => p.runtime.heldAccounts().length)).toEqual([3, 3])
    for (const id of orphaned) expect(procs.some((p) => p.gateway.getStatus(id)?.state === 'open')).toBe(true)
    for (const p of procs) await p.runtime.shutdown()
  })
})
